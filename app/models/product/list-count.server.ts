import type { EntityManager } from "@mikro-orm/postgresql";
import { em } from "~/utils/db.server";
import type { CountQuery, ProductFilters } from "./product.server";

/**
 * The key under which a list's count is kept, or null when counting it is cheap anyway or its
 * result depends on more than the product rows: only a catalogue search (a trigram match that
 * must recheck every hit) without a category filter (the category tree can change without a
 * product write).
 */
export function keptCountKey(filters: ProductFilters, lowStockThreshold: number): string | null {
  const search = filters.search?.trim();
  if (!search || filters.categoryId) return null;
  return JSON.stringify({
    search,
    status: filters.status ?? null,
    lowStock: filters.lowStock ? lowStockThreshold : null,
    lowMargin: !!filters.lowMargin,
  });
}

/** The catalogue's change stamp: grows with every committed write of a product (the summary trigger). */
const STAMP = "(select coalesce(sum(changes), 0) from catalogue_summary)::bigint";

/**
 * A product list's exact total. A kept count is used while the catalogue's change stamp is the one
 * it was counted at (one primary-key read); otherwise the count runs, in the same statement as it
 * reads the stamp (one snapshot), and is kept for the next view, in any server process.
 */
export async function countProducts(
  count: CountQuery,
  key: string | null,
  db: EntityManager = em(),
): Promise<number> {
  if (!key) return (await count.execute<{ total: number }[]>())[0]?.total ?? 0;
  const [kept] = await db.execute<{ total: number }[]>(
    `select c.total from product_list_count c where c.key = ? and c.stamp = ${STAMP}`,
    [key],
  );
  if (kept) return kept.total;
  // The count's SQL with `?` placeholders, as execute() binds them.
  const countSql = count.getKnexQuery().toSQL();
  const [counted] = await db.execute<{ stamp: string; total: number }[]>(
    `with counted as (select ${STAMP} as stamp, (${countSql.sql}) as total),
       kept as (
         insert into product_list_count (key, stamp, total) select ?, stamp, total from counted
         on conflict (key) do update set stamp = excluded.stamp, total = excluded.total
           where product_list_count.stamp < excluded.stamp)
     select stamp, total from counted`,
    [...countSql.bindings, key],
  );
  // Counts of an older catalogue are of no use: clear some, never waiting for another writer.
  await db.execute(
    `delete from product_list_count where key in (
       select key from product_list_count where stamp < ? limit 100 for update skip locked)`,
    [counted.stamp],
  );
  return counted.total;
}
