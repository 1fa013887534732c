import type { EntityManager } from "@mikro-orm/postgresql";
import { em } from "~/infra/db.server";
import { env } from "~/infra/env.server";
import { keptFigure } from "~/models/dashboard/kept-figure.server";
import type { MarginCategory } from "~/models/margin";
import type { FileProduct, ProductSummary } from "~/models/product/product-reads.server";
import type { ProductStatus } from "~/models/product/product-status";
import { valueAtCostSql, valueAtPriceSql } from "~/models/product/stock-value-sql";

/*
 * Stock screens filtered by one location (issue #32): /inventory's tabs, the dashboard's cards,
 * GET /api/inventory/low-stock?locationId= and the product report's files. With a location, a
 * product's stock is what that location holds (product_stock.quantity), and the products listed are
 * those the location carries: a row exists there once stock moved there or a point was set there
 * (docs/decisions.md). Each reads product_stock by its (location_id, product_id) index, one
 * location's rows, joined to their products by id; totals across all locations stay the kept ones
 * (catalogue_summary, product.stock_level).
 */

export type LocationTab = "low-stock" | "low-margin" | "all";

type Statement = { sql: string; params: unknown[] };

/**
 * A tab's rows at one location, as the page runs them (and the EXPLAIN test). Its count is the
 * location's kept figures' (locationFigures).
 */
export function locationListStatement(
  filters: { locationId: number; tab: LocationTab; limit: number; offset: number },
  threshold: number = env().LOW_STOCK_THRESHOLD,
): Statement {
  const where = [
    "ps.location_id = ?",
    ...(filters.tab === "low-stock" ? ["ps.quantity <= ?"] : []),
    ...(filters.tab === "low-margin" ? ["p.margin_category = 'low'"] : []),
  ].join(" and ");
  const params = [filters.locationId, ...(filters.tab === "low-stock" ? [threshold] : [])];
  const order = {
    "low-stock": "ps.quantity asc, p.id asc",
    "low-margin": "p.margin_percent asc, p.id asc",
    all: "lower(p.name) asc, p.id asc",
  }[filters.tab];
  return {
    sql: `select p.id, p.name, p.sku, p.brand, c.name as category_name, p.selling_price::text as selling_price,
        ps.quantity as stock_level, p.image_url, p.status, p.margin_percent::text as margin_percent,
        p.margin_category
      from product_stock ps join product p on p.id = ps.product_id
        left join category c on c.id = p.category_id
      where ${where}
      order by ${order}
      limit ? offset ?`,
    params: [...params, filters.limit, filters.offset],
  };
}

type SummaryRow = {
  id: number;
  name: string;
  sku: string;
  brand: string;
  category_name: string | null;
  selling_price: string;
  stock_level: number;
  image_url: string | null;
  status: string;
  margin_percent: string;
  margin_category: string;
};

/** A page of a tab at one location (the stock column what it holds there) and the tab's total. */
export async function listLocationProducts(
  filters: { locationId: number; tab: LocationTab; limit: number; offset: number },
  db: EntityManager = em(),
  /** The location's figures when the caller reads them anyway (its page's cards): read once. */
  kept: Promise<LocationFigures> = locationFigures(filters.locationId, db),
): Promise<{ products: ProductSummary[]; total: number }> {
  const statement = locationListStatement(filters);
  const [rows, figures] = await Promise.all([
    db.execute<SummaryRow[]>(statement.sql, statement.params),
    kept,
  ]);
  const total = { "low-stock": figures.lowStockCount, "low-margin": figures.lowMargin, all: figures.rows }[
    filters.tab
  ];
  return {
    products: rows.map((row) => ({
      id: row.id,
      name: row.name,
      sku: row.sku,
      brand: row.brand,
      categoryName: row.category_name,
      sellingPrice: row.selling_price,
      stockLevel: row.stock_level,
      imageUrl: row.image_url,
      status: row.status as ProductStatus,
      margin: Number(row.margin_percent),
      marginCategory: row.margin_category as MarginCategory,
    })),
    total,
  };
}

/**
 * One location's stock figures: what it holds (units, and products with stock there), its value at
 * price and at cost, and its tabs' counts (the cards of the dashboard and /inventory by location,
 * /inventory's tabs there, and /locations).
 */
export type LocationFigures = {
  units: number;
  products: number;
  /** Its rows: the products it carries, with stock there or not (its "all" tab). */
  rows: number;
  lowStockCount: number;
  lowMargin: number;
  inventoryValue: string;
  inventoryValueAtCost: string;
};

/** One location's figures: its rows (by the location's index), each valued with its product's prices. */
export function locationFiguresStatement(locationId: number, threshold: number): Statement {
  const atCost = valueAtCostSql((name) => (name === "stock_level" ? "ps.quantity" : `p.${name}`));
  return {
    sql: `select coalesce(sum(ps.quantity), 0)::int as units,
        count(*) filter (where ps.quantity > 0)::int as products,
        count(*)::int as rows,
        count(*) filter (where ps.quantity <= ?)::int as low_stock,
        count(*) filter (where p.margin_category = 'low')::int as low_margin,
        coalesce(sum(p.selling_price * ps.quantity), 0)::numeric(20,2)::text as value,
        coalesce(sum(${atCost}), 0)::numeric(20,2)::text as value_at_cost
      from product_stock ps join product p on p.id = ps.product_id
      where ps.location_id = ?`,
    params: [threshold, locationId],
  };
}

/**
 * A location's figures, kept (catalogue_figure) while the catalogue's change stamp stands: they
 * read each row the location holds (100,000 at a full catalogue), and change only when a product
 * row does. Every change of a location's quantity is one: the ledger writes the product's row with
 * each movement (moveStock), and its prices are the product's.
 */
export async function locationFigures(
  locationId: number,
  db: EntityManager = em(),
): Promise<LocationFigures> {
  const threshold = env().LOW_STOCK_THRESHOLD;
  const row = await keptFigure<{
    units: number;
    products: number;
    rows: number;
    low_stock: number;
    low_margin: number;
    value: string;
    value_at_cost: string;
  }>(`location-figures:${locationId}:${threshold}`, locationFiguresStatement(locationId, threshold), db);
  return {
    units: row.units,
    products: row.products,
    rows: row.rows,
    lowStockCount: row.low_stock,
    lowMargin: row.low_margin,
    inventoryValue: row.value,
    inventoryValueAtCost: row.value_at_cost,
  };
}

/** The products at or under the low-stock threshold at one location, fewest there first (ids and what it holds). */
export async function lowStockAtLocation(
  locationId: number,
  limit: number,
  db: EntityManager = em(),
): Promise<{ productId: number; quantity: number }[]> {
  const rows = await db.execute<{ product_id: number; quantity: number }[]>(
    `select product_id, quantity from product_stock where location_id = ? and quantity <= ?
     order by quantity, product_id limit ?`,
    [locationId, env().LOW_STOCK_THRESHOLD, limit],
  );
  return rows.map((row) => ({ productId: row.product_id, quantity: row.quantity }));
}

/** A product's column in SQL, its stock being what the location holds. */
const atPlace = (name: string) => (name === "stock_level" ? "ps.quantity" : `p.${name}`);

/** FileProduct's columns at one location: the stock and its values are the location's. */
const FILE_COLUMNS = `p.id, p.name, p.sku, p.brand, c.name as "categoryName",
  p.purchase_price as "purchasePrice", p.selling_price as "sellingPrice",
  p.vat_inclusive as "vatInclusive", p.vat_rate as "vatRate", p.margin_percent as "marginPercent",
  p.margin_category as "marginCategory", ps.quantity as "stockLevel", p.status,
  s.name as "supplierName", p.ean, p.unit, trim_scale(p.net_quantity)::text as "netQuantity",
  p.tracking, p.guarantee_months as "guaranteeMonths",
  ${valueAtPriceSql(atPlace)}::text as "inventoryValue",
  ${valueAtCostSql(atPlace)}::text as "valueAtCost"`;

/**
 * The product report's rows at one location (a file filtered by location, docs/decisions.md): the
 * products the location carries, each with what it holds there as its stock (and its values), a
 * page at a time (keyset on the product's id along the location's index).
 */
export async function* locationProductPages(
  locationId: number,
  filters: { categoryId?: number | null; lowStock?: boolean; lowMargin?: boolean },
  pageSize = 1000,
  db: EntityManager = em(),
): AsyncGenerator<readonly FileProduct[]> {
  const conditions = [
    "ps.location_id = ?",
    "ps.product_id > ?",
    ...(filters.lowStock ? ["ps.quantity <= ?"] : []),
    ...(filters.lowMargin ? ["p.margin_category = 'low'"] : []),
    ...(filters.categoryId
      ? [
          `p.category_id = any(array(with recursive tree(id) as (
             select id from category where id = ?
             union all select c.id from category c join tree on c.parent_id = tree.id)
           select id from tree))`,
        ]
      : []),
  ];
  const page = (after: number) =>
    db.execute<FileProduct[]>(
      `select ${FILE_COLUMNS}
       from product_stock ps join product p on p.id = ps.product_id
         left join category c on c.id = p.category_id join supplier s on s.id = p.supplier_id
       where ${conditions.join(" and ")}
       order by ps.product_id limit ?`,
      [
        locationId,
        after,
        ...(filters.lowStock ? [env().LOW_STOCK_THRESHOLD] : []),
        ...(filters.categoryId ? [filters.categoryId] : []),
        pageSize,
      ],
    );
  let after = 0;
  for (;;) {
    const rows = await page(after);
    if (rows.length === 0) return;
    yield rows;
    if (rows.length < pageSize) return;
    after = rows[rows.length - 1].id;
  }
}
