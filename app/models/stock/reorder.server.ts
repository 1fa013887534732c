import type { EntityManager } from "@mikro-orm/postgresql";
import type { z } from "zod/v4";
import { em } from "~/infra/db.server";
import { env } from "~/infra/env.server";
import type { reorderAnswer, reorderGroupAnswer, reorderLineAnswer } from "~/models/api-doc/response-schemas";
import { fromBigCents, toBigCents } from "~/models/money";
import { onOrderSql } from "~/models/purchase-order/purchase-order.server";
import { inTransitToSql } from "~/models/transfer/transfer.server";
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

export type ReorderFilters = {
  supplierId?: number | null;
  /** One location's lines (issue #32): its rows at or under their own point there; none: all. */
  locationId?: number | null;
  limit: number;
  offset: number;
};

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
 *
 * By location (issue #32): a product's stock in a location with a reorder point of its own there
 * (product_stock.reorder_point) at or under it is a line of its own, naming the location, found
 * through `product_stock_reorder_index` (one location: `filters.locationId`, its lines alone) or
 * `product_stock_reorder_all_index` (across all, beside the totals' lines as before). Such a line
 * first suggests a transfer from the location with the most surplus (`transferSql`), and the
 * purchase only the rest.
 */
export function reorderStatements(
  filters: ReorderFilters,
  defaults: ReorderDefaults = reorderDefaults(),
): { lines: Statement; groups: Statement } {
  const columns = `p.id, p.supplier_id, p.stock_level, p.reorder_quantity, p.purchase_cost`;
  const bySupplier = filters.supplierId ? " and p.supplier_id = ?" : "";
  const supplier = filters.supplierId ? [filters.supplierId] : [];
  // Each location row found looks up its product by id (`offset 0` keeps the lookup a lookup: the
  // planner otherwise guesses few rows, and reads the whole product table to hash it).
  const atPlace = `select p.id, p.supplier_id, ps.quantity as stock_level, p.reorder_quantity, p.purchase_cost,
        ps.reorder_point as point, true as own_point, ps.location_id, p.reorder_point as product_point
        from product_stock ps cross join lateral (
          select p.id, p.supplier_id, p.reorder_quantity, p.purchase_cost, p.reorder_point from product p
          where p.id = ps.product_id and p.status = 'active'${bySupplier} offset 0) p
        where ps.reorder_point is not null${filters.locationId ? " and ps.location_id = ?" : ""}
          and (ps.quantity - ps.reorder_point) <= 0`;
  const atPlaceParams = [...supplier, ...(filters.locationId ? [filters.locationId] : [])];
  const found = filters.locationId
    ? `found as (${atPlace})`
    : `found as (
      select ${columns}, ?::int as point, false as own_point, null::int as location_id, p.reorder_point as product_point
        from product p
        where p.reorder_point is null and p.status = 'active' and p.stock_level <= ?${bySupplier}
      union all
      select ${columns}, p.reorder_point as point, true as own_point, null::int as location_id, p.reorder_point as product_point
        from product p
        where p.reorder_point is not null and p.status = 'active' and (p.stock_level - p.reorder_point) <= 0${bySupplier}
      union all
      ${atPlace})`;
  const foundParams = filters.locationId
    ? atPlaceParams
    : [defaults.reorderPoint, defaults.reorderPoint, ...supplier, ...supplier, ...atPlaceParams];
  const valuedParams = [defaults.reorderQuantity, defaults.reorderPoint];
  return {
    lines: {
      sql: `with ${found},
        ranked as (select id, row_number() over (order by lower(name), id) as rank from supplier),
        page as (
          select f.*, r.rank from found f join ranked r on r.id = f.supplier_id
          order by r.rank, f.stock_level - f.point, f.id, f.location_id nulls first
          limit ? offset ?),
        ${valuedSql("page")}
        select v.id, v.supplier_id, v.stock_level, v.point, v.qty, v.own_point,
          v.reorder_quantity is not null as own_quantity, v.on_order, v.suggested,
          v.unit_cost::text as unit_cost, v.line_value::text as line_value,
          v.location_id, l.name as location_name,
          v.transfer_from, v.transfer_name, v.transfer,
          p.name, p.sku, p.brand
        from valued v join product p on p.id = v.id left join location l on l.id = v.location_id
        order by v.rank, v.stock_level - v.point, v.id, v.location_id nulls first`,
      params: [...foundParams, filters.limit, filters.offset, ...valuedParams],
    },
    groups: {
      sql: `with ${found},
        ${valuedSql("found")}
        select s.id, s.name, s.lead_time_days, g.lines, g.value
        from (select v.supplier_id, count(*)::int as lines, sum(v.line_value)::text as value
            from valued v group by v.supplier_id) g
          join supplier s on s.id = g.supplier_id
        order by lower(s.name), s.id`,
      params: [...foundParams, ...valuedParams],
    },
  };
}

/**
 * The `valued` CTE over the lines of `source`: each with its quantity to order (its own or the
 * shop's, one parameter), units on order, unit cost (the product's kept purchase cost without VAT)
 * and the suggested quantity's value. A location's line counts what is on its way there: open
 * purchase orders receiving into it and transfers sent to it. It first takes what a transfer can
 * bring (`transferSql`, the shop's point a parameter): `suggested` is what is left to buy.
 */
function valuedSql(source: string): string {
  const needed = suggestedQuantitySql("q.point", "q.qty", "q.stock_level", "q.on_order");
  return `quantified as (
      select f.*, coalesce(f.reorder_quantity, ?::int) as qty,
        case when f.location_id is null then coalesce(o.on_order, 0)
          else coalesce(po.on_order, 0) + coalesce(tr.in_transit, 0) end as on_order
      from ${source} f
        left join (${onOrderSql()}) o on o.product_id = f.id and f.location_id is null
        left join (${onOrderSql({ byLocation: true })}) po
          on po.product_id = f.id and po.location_id = f.location_id
        left join (${inTransitToSql()}) tr on tr.product_id = f.id and tr.location_id = f.location_id),
    needed as (
      select q.*, ${needed} as needed, t.location_id as transfer_from, t.name as transfer_name,
        least(${needed}, coalesce(t.surplus, 0)) as transfer
      from quantified q left join lateral (${transferSql("q")}) t on true),
    valued as (
      select n.*, n.needed - n.transfer as suggested, n.purchase_cost as unit_cost,
        n.purchase_cost * (n.needed - n.transfer) as line_value
      from needed n)`;
}

/**
 * The location a line's shortfall is best moved from (issue #32, docs/decisions.md): another active
 * location holding a surplus of the product, the most first (then the lowest id). A location's
 * surplus is what it holds above its own point there; without one, a warehouse's whole stock (it
 * holds stock to supply the stores) and a store's stock above the product's point (its own, else
 * the shop's: one parameter). A total's line (no location) is moved from nowhere.
 */
function transferSql(line: string): string {
  const surplus = `ps.quantity - coalesce(ps.reorder_point,
      case when l.kind = 'warehouse' then 0 else coalesce(${line}.product_point, ?::int) end)`;
  return `select s.location_id, s.name, s.surplus from (
        select ps.location_id, l.name, ${surplus} as surplus
        from product_stock ps join location l on l.id = ps.location_id and l.active
        where ${line}.location_id is not null and ps.product_id = ${line}.id
          and ps.location_id <> ${line}.location_id) s
      where s.surplus > 0
      order by s.surplus desc, s.location_id limit 1`;
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
  location_id: number | null;
  location_name: string | null;
  transfer_from: number | null;
  transfer_name: string | null;
  transfer: number | string;
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
      location: row.location_id === null ? null : { id: row.location_id, name: row.location_name ?? "" },
      transferFrom:
        row.transfer_from === null || Number(row.transfer) <= 0
          ? null
          : { locationId: row.transfer_from, name: row.transfer_name ?? "", quantity: Number(row.transfer) },
    });
  }
  const totals = totalsOf(groupRows);
  return { groups, totalLines: totals.lines, suppliers: totals.suppliers, value: totals.value, defaults };
}
