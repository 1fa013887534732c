import type { EntityName, Transaction } from "@mikro-orm/core";
import type { EntityManager } from "@mikro-orm/postgresql";

/**
 * Inserts many rows of an entity's table in one statement whose rows travel as ONE bound JSON
 * parameter (`jsonb_to_recordset`), the columns and their types taken from the entity's metadata.
 *
 * For bulk writes that the unit of work would render as text: the ORM writes every parameter into
 * the statement's text (its `formatQuery`), escaping each value, JSON ones twice over. For a batch
 * of 1,000 import rows or audit entries that built megabytes of short-lived strings, enough to
 * grow a server by hundreds of megabytes over a 50,000-row import. Here the rows are one
 * `JSON.stringify` and PostgreSQL reads them.
 *
 * `rows` are keyed by the entity's property names (a reference by its id); properties a row leaves
 * out get the column's default only when every row leaves them out (name them all, or none).
 * Answers the new rows' primary keys (in no promised order: for one row, its id). Also for one row
 * with a large value (an import's file): the ORM would escape its text a character at a time.
 */
export async function insertAsJson<T extends object>(
  em: EntityManager,
  entity: EntityName<T>,
  rows: Record<string, unknown>[],
  ctx: Transaction | undefined = em.getTransactionContext(),
): Promise<number[]> {
  if (rows.length === 0) return [];
  const meta = em.getMetadata().get(entity);
  const key = meta.properties[meta.primaryKeys[0] as keyof typeof meta.properties].fieldNames[0];
  const keys = [...new Set(rows.flatMap((row) => Object.keys(row)))];
  const columns = keys.map((key) => {
    const property = meta.properties[key as keyof typeof meta.properties];
    if (!property?.fieldNames?.length || !property.columnTypes?.length)
      throw new Error(`insertAsJson: ${meta.className} has no column for "${key}"`);
    return { key, name: property.fieldNames[0], type: property.columnTypes[0] };
  });
  const records = rows.map((row) => {
    const record: Record<string, unknown> = {};
    for (const { key, name } of columns) record[name] = row[key] ?? null;
    return record;
  });
  const names = columns.map((column) => `"${column.name}"`).join(", ");
  const types = columns.map((column) => `"${column.name}" ${column.type}`).join(", ");
  const statement = em
    .getKnex()
    .raw(
      `insert into "${meta.tableName}" (${names}) select ${names} from jsonb_to_recordset(?::jsonb) as r(${types}) returning "${key}" as id`,
      [JSON.stringify(records)],
    );
  const result: { rows: { id: number | string }[] } = await (ctx ? statement.transacting(ctx) : statement);
  return result.rows.map((row) => Number(row.id));
}
