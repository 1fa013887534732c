import type { EntityManager } from "@mikro-orm/postgresql";
import { em } from "~/utils/db.server";
import { env } from "~/utils/env.server";
import type { ReorderDefaults } from "./reorder";

/**
 * The "To reorder" list (issue #15): the active products at or under their reorder point, grouped
 * by supplier, each with the quantity to order (reorder.ts's rule, in SQL here) and its value at
 * cost. Inactive and end-of-life products are left out: the shop is not buying them again.
 *
 * The products are found through two partial indexes (product.entity.ts): those on the shop's
 * default point by their stock level (`product_reorder_default_index`), those with a point of their
 * own by how far their stock is above it (`product_reorder_own_index`). Only the lines found are
 * grouped, sorted and paged, so a catalogue of 100,000 products with a few thousand to reorder
 * reads a few thousand index entries per page.
 */

/** The shop's reorder defaults (REORDER_POINT, REORDER_QUANTITY). */
export function reorderDefaults(): ReorderDefaults {
  return { reorderPoint: env().REORDER_POINT, reorderQuantity: env().REORDER_QUANTITY };
}

/**
 * Units of the product `alias` already on order and not yet received. Nothing yet: purchase orders
 * come next, and their open lines' sum goes here (and in `onOrder` of reorder.ts's rule), so that
 * an ordered product is not suggested again.
 */
export function onOrderSql(_alias: string): string {
  return "0";
}

/** reorder.ts's `suggestedQuantity` in SQL, over SQL expressions; a test holds the two equal. */
export function suggestedQuantitySql(point: string, quantity: string, stock: string, onOrder: string) {
  return `greatest(0, ${point} + ${quantity} - ${stock} - ${onOrder})`;
}

export type ReorderFilters = { supplierId?: number | null; limit: number; offset: number };

export type ReorderLine = {
  productId: number;
  name: string;
  sku: string;
  brand: string;
  stockLevel: number;
  /** the point it is reordered at: its own, or the shop's */
  reorderPoint: number;
  ownPoint: boolean;
  reorderQuantity: number;
  ownQuantity: boolean;
  /** units on open purchase orders (0 until they exist) */
  onOrder: number;
  suggestedQuantity: number;
  /** purchase price without VAT, to the cent */
  unitCost: string;
  /** unit cost x suggested quantity */
  lineValue: string;
};

export type ReorderGroup = {
  supplierId: number;
  supplierName: string;
  leadTimeDays: number;
  /** the supplier's lines to reorder, on every page */
  lineCount: number;
  /** their value at cost, on every page */
  value: string;
  /** this page's lines of the supplier, most urgent (furthest under the point) first */
  lines: ReorderLine[];
  /** the group began on an earlier page */
  continued: boolean;
};

export type ReorderList = {
  groups: ReorderGroup[];
  /** lines to reorder in all, of how many suppliers, and their value at cost */
  totalLines: number;
  suppliers: number;
  value: string;
  defaults: ReorderDefaults;
};

type Statement = { sql: string; params: unknown[] };

/** The lines to reorder with their figures (a CTE named `valued`), and its parameters. */
function valuedLines(defaults: ReorderDefaults, supplierId: number | null): Statement {
  const columns = `p.id, p.name, p.sku, p.brand, p.supplier_id, p.stock_level, p.purchase_price,
    p.vat_inclusive, p.vat_rate, p.reorder_point, p.reorder_quantity`;
  const bySupplier = supplierId ? " and p.supplier_id = ?" : "";
  const supplier = supplierId ? [supplierId] : [];
  // Each branch's condition is its partial index's: its predicate and its indexed expression.
  const found = `select ${columns}, ?::int as point from product p
      where p.reorder_point is null and p.status = 'active' and p.stock_level <= ?${bySupplier}
    union all
    select ${columns}, p.reorder_point as point from product p
      where p.reorder_point is not null and p.status = 'active' and (p.stock_level - p.reorder_point) <= 0${bySupplier}`;
  const suggested = suggestedQuantitySql("l.point", "l.qty", "l.stock_level", "l.on_order");
  return {
    sql: `with found as (${found}),
      lines as (
        select f.*, coalesce(f.reorder_quantity, ?::int) as qty, ${onOrderSql("f")} as on_order,
          round(case when f.vat_inclusive then f.purchase_price / (1 + f.vat_rate / 100)
            else f.purchase_price end, 2) as unit_cost
        from found f),
      valued as (
        select l.*, ${suggested} as suggested, l.unit_cost * ${suggested} as line_value from lines l)`,
    params: [
      defaults.reorderPoint,
      defaults.reorderPoint,
      ...supplier,
      ...supplier,
      defaults.reorderQuantity,
    ],
  };
}

/**
 * The list's two statements, built in one place (the page, the API and the EXPLAIN test run them):
 * a page of lines in the list's order (supplier by name, then most urgent first) with each line's
 * group figures, and the whole list's totals.
 */
export function reorderStatements(
  filters: ReorderFilters,
  defaults: ReorderDefaults = reorderDefaults(),
): { lines: Statement; totals: Statement } {
  const base = valuedLines(defaults, filters.supplierId ?? null);
  return {
    lines: {
      sql: `${base.sql}
        select v.id, v.name, v.sku, v.brand, v.supplier_id, v.stock_level, v.point, v.qty,
          v.reorder_point is not null as own_point, v.reorder_quantity is not null as own_quantity,
          v.on_order, v.suggested, v.unit_cost::text as unit_cost, v.line_value::text as line_value,
          s.name as supplier_name, s.lead_time_days,
          count(*) over (partition by v.supplier_id)::int as group_lines,
          (sum(v.line_value) over (partition by v.supplier_id))::text as group_value,
          (row_number() over (partition by v.supplier_id
            order by v.stock_level - v.point, lower(v.name), v.id))::int as position
        from valued v join supplier s on s.id = v.supplier_id
        order by lower(s.name), s.id, v.stock_level - v.point, lower(v.name), v.id
        limit ? offset ?`,
      params: [...base.params, filters.limit, filters.offset],
    },
    totals: {
      sql: `${base.sql}
        select count(*)::int as lines, count(distinct supplier_id)::int as suppliers,
          coalesce(sum(line_value), 0.00)::text as value
        from valued`,
      params: base.params,
    },
  };
}

/** The list's totals alone (a supplier's page shows how many of its products to reorder). */
export async function reorderTotals(
  supplierId: number | null,
  db: EntityManager = em(),
  defaults: ReorderDefaults = reorderDefaults(),
): Promise<{ lines: number; suppliers: number; value: string }> {
  const { totals } = reorderStatements({ supplierId, limit: 0, offset: 0 }, defaults);
  const [row] = await db.execute<{ lines: number; suppliers: number; value: string }[]>(
    totals.sql,
    totals.params,
  );
  return row;
}

type LineRow = {
  id: number;
  name: string;
  sku: string;
  brand: string;
  supplier_id: number;
  stock_level: number;
  point: number;
  qty: number;
  own_point: boolean;
  own_quantity: boolean;
  on_order: number | string;
  suggested: number | string;
  unit_cost: string;
  line_value: string;
  supplier_name: string;
  lead_time_days: number;
  group_lines: number;
  group_value: string;
  position: number;
};

/** A page of the list (lines in the list's order, grouped by supplier) and its totals. */
export async function listReorder(
  filters: ReorderFilters,
  db: EntityManager = em(),
  defaults: ReorderDefaults = reorderDefaults(),
): Promise<ReorderList> {
  const statements = reorderStatements(filters, defaults);
  const [rows, [totals]] = await Promise.all([
    db.execute<LineRow[]>(statements.lines.sql, statements.lines.params),
    db.execute<{ lines: number; suppliers: number; value: string }[]>(
      statements.totals.sql,
      statements.totals.params,
    ),
  ]);
  const groups: ReorderGroup[] = [];
  for (const row of rows) {
    let group = groups[groups.length - 1];
    if (!group || group.supplierId !== row.supplier_id) {
      group = {
        supplierId: row.supplier_id,
        supplierName: row.supplier_name,
        leadTimeDays: row.lead_time_days,
        lineCount: row.group_lines,
        value: row.group_value,
        lines: [],
        continued: row.position > 1,
      };
      groups.push(group);
    }
    group.lines.push({
      productId: row.id,
      name: row.name,
      sku: row.sku,
      brand: row.brand,
      stockLevel: row.stock_level,
      reorderPoint: row.point,
      ownPoint: row.own_point,
      reorderQuantity: row.qty,
      ownQuantity: row.own_quantity,
      onOrder: Number(row.on_order),
      suggestedQuantity: Number(row.suggested),
      unitCost: row.unit_cost,
      lineValue: row.line_value,
    });
  }
  return { groups, totalLines: totals.lines, suppliers: totals.suppliers, value: totals.value, defaults };
}
