import type { EntityManager } from "@mikro-orm/postgresql";

/** Timestamps from raw SQL rows come back as text or Date depending on the driver's parsers. */
export function toIso(value: Date | string): string {
  return (value instanceof Date ? value : new Date(value)).toISOString();
}

/**
 * A person's (a user's, a customer's) name as staff read it, in SQL: "First Last", trimmed; null when
 * both are empty. `alias` is the table's alias in the query (none: the table's own columns).
 */
export function fullNameSql(alias?: string): string {
  const column = (name: string) => (alias ? `${alias}.${name}` : name);
  return `nullif(trim(concat_ws(' ', ${column("first_name")}, ${column("last_name")})), '')`;
}

/** A LIKE pattern matching text that contains the user's text, their % and _ matched literally. */
export function containsPattern(text: string) {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * Runs one SQL statement with named bindings (`:name`; an array binding stays one PostgreSQL array,
 * for `= any(:ids::int[])`) in the entity manager's transaction when it is in one. For statements
 * where SQL is the point (an insert from a select over window functions), not for what the query
 * builder writes.
 */
export async function namedSql<Row>(
  db: EntityManager,
  query: string,
  bindings: Record<string, unknown>,
): Promise<{ rows: Row[]; rowCount: number }> {
  let statement = db.getKnex().raw(query, bindings as Record<string, never>);
  const transaction = db.getTransactionContext();
  if (transaction) statement = statement.transacting(transaction);
  const result = await statement;
  return { rows: result.rows as Row[], rowCount: result.rowCount ?? 0 };
}
