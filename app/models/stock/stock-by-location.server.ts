import type { EntityManager } from "@mikro-orm/postgresql";
import { em } from "~/infra/db.server";

/**
 * A product's stock by location (issue #32): one row per location where it has a `product_stock`
 * row (stock moved there, or a point or shelf was set there), the default location first, then by
 * name. The product page's "Stock by location" table and GET /api/products/:id read it.
 *
 * Other figures per place (a reorder point, a shelf) are added here as one more column of
 * `STOCK_BY_LOCATION_COLUMNS` (and one field of the row type), then one column of the page's table.
 */
export type StockByLocationRow = {
  locationId: number;
  name: string;
  active: boolean;
  quantity: number;
  /** Its reorder point there (null: none of its own). */
  reorderPoint: number | null;
  /** Its shelf there ("A-12"), or null. */
  shelf: string | null;
  /** When a committed count last counted it there (ISO), or null. */
  lastCountedAt: string | null;
};

/** The select list of a row, one entry a column (s: product_stock, l: location). */
export const STOCK_BY_LOCATION_COLUMNS = [
  `l.id as "locationId"`,
  "l.name",
  "l.active",
  "s.quantity",
  `s.reorder_point as "reorderPoint"`,
  "s.shelf",
  `to_char(s.last_counted_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "lastCountedAt"`,
];

export async function stockByLocation(
  productId: number,
  db: EntityManager = em(),
): Promise<StockByLocationRow[]> {
  return db.execute<StockByLocationRow[]>(
    `select ${STOCK_BY_LOCATION_COLUMNS.join(", ")}
     from product_stock s join location l on l.id = s.location_id
     where s.product_id = ?
     order by l.is_default desc, lower(l.name), l.id`,
    [productId],
  );
}
