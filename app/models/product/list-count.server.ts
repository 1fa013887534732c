import type { EntityManager, QueryBuilder } from "@mikro-orm/postgresql";
import { em } from "~/infra/db.server";
import { keptFigure } from "~/models/dashboard/kept-figure.server";
import type { ProductStatus } from "./product-status";

/**
 * The filters of a product list that decide its count (product-reads.server.ts's ProductFilters, whose
 * list functions call these): named here by the fields read, so that this module does not import
 * the one that imports it.
 */
type CountedFilters = {
  search?: string | null;
  categoryId?: number | null;
  status?: ProductStatus | null;
  lowStock?: boolean;
  lowMargin?: boolean;
  supplierId?: number | null;
};

/** A list's count query, as far as counting it needs (product-reads.server.ts's CountQuery has more). */
type CountQuery = Pick<QueryBuilder<object>, "execute" | "getKnexQuery">;

/**
 * The key under which a list's count is kept, or null when counting it is cheap anyway or its
 * result depends on more than the product rows: only a catalogue search (a trigram match that
 * must recheck every hit) without a category filter (the category tree can change without a
 * product write).
 */
export function keptCountKey(filters: CountedFilters, lowStockThreshold: number): string | null {
  const search = filters.search?.trim();
  if (!search || filters.categoryId) return null;
  return `product-count:${JSON.stringify({
    search,
    status: filters.status ?? null,
    lowStock: filters.lowStock ? lowStockThreshold : null,
    lowMargin: !!filters.lowMargin,
    supplierId: filters.supplierId ?? null,
  })}`;
}

/** A product list's exact total: counted, or kept with the catalogue's change stamp (keptFigure). */
export async function countProducts(
  count: CountQuery,
  key: string | null,
  db: EntityManager = em(),
): Promise<number> {
  if (!key) return (await count.execute<{ total: number }[]>())[0]?.total ?? 0;
  // The count's SQL with `?` placeholders, as execute() binds them.
  const { sql, bindings } = count.getKnexQuery().toSQL();
  const figure = await keptFigure<{ total: number }>(key, { sql, params: bindings }, db);
  return figure.total;
}
