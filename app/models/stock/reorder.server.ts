import type { EntityManager } from "@mikro-orm/postgresql";
import type { z } from "zod/v4";
import { em } from "~/infra/db.server";
import { env } from "~/infra/env.server";
import type { reorderAnswer, reorderGroupAnswer, reorderLineAnswer } from "~/models/api-doc/response-schemas";
import { fromBigCents, toBigCents } from "~/models/money";
import { onOrderSql } from "~/models/purchase-order/purchase-order.server";
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

/** reorder.ts's `suggestedQuantity` in SQL, over SQL expressions; a test holds the two equal. */
export function suggestedQuantitySql(point: string, quantity: string, stock: string, onOrder: string) {
  return `greatest(0, ${point} + ${quantity} - ${stock} - ${onOrder})`;
}

export type ReorderFilters = { supplierId?: number | null; limit: number; offset: number };

/**
 * A product to reorder, as the page reads it and /api answers it. Its type is the schema that documents the
 * answer (response-schemas.ts).
 */
export type ReorderLine = z.output<typeof reorderLineAnswer>;

/**
 * A supplier's products to reorder, as the page reads them and /api answers them. Its type is the schema
 * that documents the answer (response-schemas.ts).
 */
export type ReorderGroup = z.output<typeof reorderGroupAnswer>;

/**
 * The reorder list, as the page reads it and /api answers it. Its type is the schema that documents the
 * answer (response-schemas.ts).
 */
export type ReorderList = z.output<typeof reorderAnswer>;

type Statement = { sql: string; params: unknown[] };

/**
 * The list's two statements, built in one place (the page, the API and the EXPLAIN test run them):
 * each supplier's figures (lines and value at cost, by name), and a page of lines in the list's
 * order (supplier by name, then the furthest under its point first). Both begin with `found`, the
 * lines to reorder: each of its branches has its partial index's condition (its predicate and its
 * indexed expression) and reads only columns the index carries (INCLUDE), so PostgreSQL answers
 * from the index alone. The page is sorted on whole numbers (a supplier's rank, how far under, the
 * id) before anything is valued: only its own lines get their quantity, cost and name.
 */
export function reorderStatements(
  filters: ReorderFilters,
  defaults: ReorderDefaults = reorderDefaults(),
): { lines: Statement; groups: Statement } {
  const columns = `p.id, p.supplier_id, p.stock_level, p.reorder_quantity, p.purchase_cost`;
  const bySupplier = filters.supplierId ? " and p.supplier_id = ?" : "";
  const supplier = filters.supplierId ? [filters.supplierId] : [];
  const found = `found as (
      select ${columns}, ?::int as point, false as own_point from product p
        where p.reorder_point is null and p.status = 'active' and p.stock_level <= ?${bySupplier}
      union all
      select ${columns}, p.reorder_point as point, true as own_point from product p
        where p.reorder_point is not null and p.status = 'active' and (p.stock_level - p.reorder_point) <= 0${bySupplier})`;
  const foundParams = [defaults.reorderPoint, defaults.reorderPoint, ...supplier, ...supplier];
  return {
    lines: {
      sql: `with ${found},
        ranked as (select id, row_number() over (order by lower(name), id) as rank from supplier),
        page as (
          select f.*, r.rank from found f join ranked r on r.id = f.supplier_id
          order by r.rank, f.stock_level - f.point, f.id
          limit ? offset ?),
        ${valuedSql("page")}
        select v.id, v.supplier_id, v.stock_level, v.point, v.qty, v.own_point,
          v.reorder_quantity is not null as own_quantity, v.on_order, v.suggested,
          v.unit_cost::text as unit_cost, v.line_value::text as line_value,
          p.name, p.sku, p.brand
        from valued v join product p on p.id = v.id
        order by v.rank, v.stock_level - v.point, v.id`,
      params: [...foundParams, filters.limit, filters.offset, defaults.reorderQuantity],
    },
    groups: {
      sql: `with ${found},
        ${valuedSql("found")}
        select s.id, s.name, s.lead_time_days, g.lines, g.value
        from (select v.supplier_id, count(*)::int as lines, sum(v.line_value)::text as value
            from valued v group by v.supplier_id) g
          join supplier s on s.id = g.supplier_id
        order by lower(s.name), s.id`,
      params: [...foundParams, defaults.reorderQuantity],
    },
  };
}

/**
 * The `valued` CTE over the lines of `source`: each with its quantity to order (its own or the
 * shop's, one parameter), units on order, unit cost (the product's kept purchase cost without VAT)
 * and the suggested quantity's value.
 */
function valuedSql(source: string): string {
  const suggested = suggestedQuantitySql("q.point", "q.qty", "q.stock_level", "q.on_order");
  return `quantified as (
      select f.*, coalesce(f.reorder_quantity, ?::int) as qty, coalesce(o.on_order, 0) as on_order
      from ${source} f left join (${onOrderSql()}) o on o.product_id = f.id),
    valued as (
      select q.*, ${suggested} as suggested, q.purchase_cost as unit_cost,
        q.purchase_cost * ${suggested} as line_value
      from quantified q)`;
}

type GroupRow = { id: number; name: string; lead_time_days: number; lines: number; value: string };

type LineRow = {
  id: number;
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
  name: string;
  sku: string;
  brand: string;
};

async function readList(filters: ReorderFilters, db: EntityManager, defaults: ReorderDefaults) {
  const statements = reorderStatements(filters, defaults);
  const [lines, groups] = await Promise.all([
    filters.limit > 0 ? db.execute<LineRow[]>(statements.lines.sql, statements.lines.params) : [],
    db.execute<GroupRow[]>(statements.groups.sql, statements.groups.params),
  ]);
  return { lines, groups };
}

function totalsOf(groups: GroupRow[]) {
  return {
    lines: groups.reduce((sum, group) => sum + group.lines, 0),
    suppliers: groups.length,
    value: fromBigCents(groups.reduce((sum, group) => sum + (toBigCents(group.value) ?? 0n), 0n)),
  };
}

/** The list's totals alone (a supplier's page shows how many of its products to reorder). */
export async function reorderTotals(
  supplierId: number | null,
  db: EntityManager = em(),
  defaults: ReorderDefaults = reorderDefaults(),
): Promise<{ lines: number; suppliers: number; value: string }> {
  return totalsOf((await readList({ supplierId, limit: 0, offset: 0 }, db, defaults)).groups);
}

/** A page of the list (lines in the list's order, grouped by supplier) and its totals. */
export async function listReorder(
  filters: ReorderFilters,
  db: EntityManager = em(),
  defaults: ReorderDefaults = reorderDefaults(),
): Promise<ReorderList> {
  const { lines: rows, groups: groupRows } = await readList(filters, db, defaults);
  // Where each supplier's lines begin in the whole list: a group on this page began on an earlier
  // one when it begins before the page's first line.
  const starts = new Map<number, number>();
  let seen = 0;
  for (const group of groupRows) {
    starts.set(group.id, seen);
    seen += group.lines;
  }
  const byId = new Map(groupRows.map((group) => [group.id, group]));
  const groups: ReorderGroup[] = [];
  for (const row of rows) {
    let group = groups[groups.length - 1];
    if (!group || group.supplierId !== row.supplier_id) {
      const figures = byId.get(row.supplier_id);
      group = {
        supplierId: row.supplier_id,
        supplierName: figures?.name ?? "",
        leadTimeDays: figures?.lead_time_days ?? 0,
        lineCount: figures?.lines ?? 0,
        value: figures?.value ?? "0.00",
        lines: [],
        continued: (starts.get(row.supplier_id) ?? 0) < filters.offset,
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
  const totals = totalsOf(groupRows);
  return { groups, totalLines: totals.lines, suppliers: totals.suppliers, value: totals.value, defaults };
}
