import { type InferEntity, raw, sql } from "@mikro-orm/core";
import type { EntityManager, QueryBuilder } from "@mikro-orm/postgresql";
import type { z } from "zod/v4";
import { em } from "~/infra/db.server";
import { env } from "~/infra/env.server";
import { containsPattern } from "~/infra/sql.server";
import type { productAnswer } from "~/models/api-doc/response-schemas";
import { hasControlCharacters } from "~/models/clean-text";
import { CatalogueSummary, StockLevelCount } from "~/models/dashboard/catalogue-summary.entity";
import { calculateMargin, type MarginCategory } from "~/models/margin";
import { countProducts, keptCountKey } from "./list-count.server";
import type { MeasureUnit } from "./measure";
import { netQuantityText } from "./net-quantity";
import { Product } from "./product.entity";
import type { ProductStatus } from "./product-status";
import { valueAtCostSql, valueAtPriceSql } from "./stock-value-sql";
import type { TrackingMode } from "./tracking";

/*
 * The product aggregate's reads: the catalogue's lists and their counts, one product, the scanner's
 * find, the exports' pages and a product's price history, as plain rows (never entities). Its
 * writes are product-writes.server.ts; its stock ledger is stock/stock-ledger.server.ts.
 */

/**
 * A product as the pages read it and /api answers it. Its type is the schema that documents the answer
 * (response-schemas.ts).
 */
export type ProductRow = z.output<typeof productAnswer>;

/**
 * A product as a list shows it (the products and inventory pages): the columns of its table and
 * nothing more, since a page's loader data is written into its HTML (a full row is ~2.5x the size).
 */
export type ProductSummary = Pick<
  ProductRow,
  | "id"
  | "name"
  | "sku"
  | "brand"
  | "categoryName"
  | "sellingPrice"
  | "stockLevel"
  | "imageUrl"
  | "status"
  | "margin"
  | "marginCategory"
>;

export const PRODUCT_SORTS = ["newest", "name", "price", "margin", "stock"] as const;
export type ProductSort = (typeof PRODUCT_SORTS)[number];

export type ProductFilters = {
  search?: string | null;
  categoryId?: number | null;
  status?: ProductStatus | null;
  /** stock of 10 or less */
  lowStock?: boolean;
  /** margin under 10 % */
  lowMargin?: boolean;
  /** the products of one supplier */
  supplierId?: number | null;
  sort?: ProductSort;
  direction?: "asc" | "desc";
  limit: number;
  offset: number;
};

// The product's columns, as the lists, the form and the scanner show them.
const FIELDS = [
  "id",
  "name",
  "sku",
  "brand",
  "category",
  "purchasePrice",
  "sellingPrice",
  "vatInclusive",
  "vatRate",
  "marginPercent",
  "marginCategory",
  "stockLevel",
  "defectiveStock",
  "reorderPoint",
  "reorderQuantity",
  "supplier",
  "ean",
  "imageUrl",
  "barcode",
  "unit",
  "netQuantity",
  "tracking",
  "guaranteeMonths",
  "lastCountedAt",
  "status",
  "createdAt",
  "updatedAt",
  "version",
] as const;

type ProductEntity = InferEntity<typeof Product>;
type ProductData = Pick<ProductEntity, Exclude<(typeof FIELDS)[number], "category" | "supplier">> & {
  /** the category's id (the foreign key) and its name (joined) */
  category: number | null;
  categoryName: string | null;
  /** the supplier's id (the foreign key) and its name (joined) */
  supplier: number;
  supplierName: string;
  /** the shelf at the default location (issue #32) */
  location: string | null;
};

/**
 * The product's `location` (its shelf text) as it always meant: its shelf at the default location
 * (issue #32; the shelves of the other locations are on the product page).
 */
export const DEFAULT_SHELF_SQL = `(select ps.shelf from product_stock ps
    where ps.product_id = p.id and ps.location_id = (select id from location where is_default))`;

/** A product as an export reads it: everything but the profit, which it does not show. */
export type ExportedProduct = Omit<ProductRow, "profit">;

function toProduct(row: ProductData): ProductRow {
  const { profit } = calculateMargin({
    purchasePrice: row.purchasePrice,
    sellingPrice: row.sellingPrice,
    vatInclusive: row.vatInclusive,
    vatRate: Number(row.vatRate),
  });
  return { ...toExportedProduct(row), profit };
}

function toExportedProduct(row: ProductData): ExportedProduct {
  return {
    id: row.id,
    name: row.name,
    sku: row.sku,
    brand: row.brand,
    categoryId: row.category ?? null,
    categoryName: row.categoryName ?? null,
    purchasePrice: row.purchasePrice,
    sellingPrice: row.sellingPrice,
    vatInclusive: row.vatInclusive,
    vatRate: row.vatRate,
    stockLevel: row.stockLevel,
    defectiveStock: row.defectiveStock,
    reorderPoint: row.reorderPoint ?? null,
    reorderQuantity: row.reorderQuantity ?? null,
    supplier: row.supplierName,
    supplierId: row.supplier,
    ean: row.ean ?? null,
    imageUrl: row.imageUrl ?? null,
    barcode: row.barcode ?? null,
    location: row.location ?? null,
    unit: row.unit ?? null,
    netQuantity: row.netQuantity ? netQuantityText(row.netQuantity) : null,
    tracking: row.tracking,
    guaranteeMonths: row.guaranteeMonths ?? null,
    lastCountedAt: row.lastCountedAt ? new Date(row.lastCountedAt).toISOString() : null,
    status: row.status as ProductStatus,
    // Kept by PostgreSQL (generated columns, margin.server.ts).
    margin: Number(row.marginPercent),
    marginCategory: row.marginCategory as MarginCategory,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    version: row.version,
  };
}

const SUMMARY_FIELDS = [
  "id",
  "name",
  "sku",
  "brand",
  "sellingPrice",
  "marginPercent",
  "marginCategory",
  "stockLevel",
  "imageUrl",
  "status",
] as const;

type SummaryData = Pick<ProductData, (typeof SUMMARY_FIELDS)[number] | "categoryName">;

function toSummary(row: SummaryData): ProductSummary {
  return {
    id: row.id,
    name: row.name,
    sku: row.sku,
    brand: row.brand,
    categoryName: row.categoryName ?? null,
    sellingPrice: row.sellingPrice,
    stockLevel: row.stockLevel,
    imageUrl: row.imageUrl ?? null,
    status: row.status as ProductStatus,
    margin: Number(row.marginPercent),
    marginCategory: row.marginCategory as MarginCategory,
  };
}

/** The columns a list shows, with the category's name (no supplier: a list does not name it). */
function summaryQuery(db: EntityManager) {
  return db
    .createQueryBuilder(Product, "p")
    .select([...SUMMARY_FIELDS, "c.name as categoryName"])
    .leftJoin("p.category", "c");
}

/** The product's columns with its category's and supplier's names, as plain data (never an entity). */
function productQuery(db: EntityManager) {
  return db
    .createQueryBuilder(Product, "p")
    .select([
      ...FIELDS,
      "c.name as categoryName",
      "s.name as supplierName",
      raw(`${DEFAULT_SHELF_SQL} as location`),
    ])
    .leftJoin("p.category", "c")
    .join("p.supplier", "s");
}

/**
 * The ids of a category and of its subcategories at any depth (a subquery). The list tests its
 * products with `= any(array(...))`: the planner then takes the ids as one value it computes
 * first, instead of a join it misjudges (a walk of the whole catalogue for a small category).
 */
function categoryIdsArray(categoryId: number) {
  return raw(
    `p.category_id = any(array(with recursive tree(id) as (
      select id from category where id = ?
      union all select c.id from category c join tree on c.parent_id = tree.id)
    select id from tree))`,
    [categoryId],
  );
}

/** The ids of a category and of its subcategories at any depth (a subquery). */
function categoryTree(categoryId: number) {
  return raw(
    `with recursive tree(id) as (
      select id from category where id = ?
      union all select c.id from category c join tree on c.parent_id = tree.id)
    select id from tree`,
    [categoryId],
  );
}

type ListFilters = Omit<ProductFilters, "limit" | "offset" | "sort" | "direction">;

/** The filters as conditions of the product `p` of the query builder `qb`. */
function filtered<Q extends QueryBuilder<ProductEntity, "p">>(qb: Q, filters: ListFilters): Q {
  const search = filters.search?.trim();
  if (search) {
    // Name, SKU, brand and EAN, kept in lower case in one column with one trigram index
    // (product.entity.ts); PostgreSQL lowers the pattern by the same rules as the column.
    qb.andWhere("p.search_text like lower(?)", [containsPattern(search)]);
  }
  // A category includes its subcategories, at any depth.
  if (filters.categoryId) qb.andWhere(categoryIdsArray(filters.categoryId));
  if (filters.status) qb.andWhere({ status: filters.status });
  if (filters.lowStock) qb.andWhere({ stockLevel: { $lte: env().LOW_STOCK_THRESHOLD } });
  if (filters.lowMargin) qb.andWhere({ marginCategory: "low" });
  if (filters.supplierId) qb.andWhere({ supplier: filters.supplierId });
  return qb;
}

function order(sort: ProductSort = "newest", direction?: "asc" | "desc") {
  const dir = direction ?? (sort === "name" ? "asc" : "desc");
  const column = {
    newest: "createdAt",
    name: raw("lower(p.name)"),
    price: "sellingPrice",
    margin: "marginPercent",
    stock: "stockLevel",
  }[sort];
  return [{ [column]: dir }, { id: dir }];
}

/**
 * The catalogue list's two queries (the page's rows and the total), as query builders: the rows
 * with every column (the API), or with the columns a list shows (`columns: "summary"`).
 */
export function productListQueries(
  filters: ProductFilters,
  db: EntityManager = em(),
  columns: "all" | "summary" = "all",
) {
  return {
    rows: filtered(columns === "summary" ? summaryQuery(db) : productQuery(db), filters)
      .orderBy(order(filters.sort, filters.direction))
      .limit(filters.limit)
      .offset(filters.offset),
    count: countQuery(filters, db),
  };
}

/**
 * The products the list's filters choose, as a query builder of `p` to select from (a bulk
 * repricing's scope): the same conditions as the list, without its order or page.
 */
export function filteredProductsQuery(filters: ListFilters, db: EntityManager = em()) {
  return filtered(db.createQueryBuilder(Product, "p"), filters);
}

/**
 * The ids of the products the list's filters choose, in the list's order (its sort and direction),
 * at most `limit` of them: what a print of shelf labels for the filters takes. One query.
 */
export async function filteredProductIds(
  filters: Omit<ProductFilters, "limit" | "offset">,
  limit: number,
  db: EntityManager = em(),
): Promise<number[]> {
  const rows = await filteredProductsQuery(filters, db)
    .select("p.id")
    .orderBy(order(filters.sort, filters.direction))
    .limit(limit)
    .execute<{ id: number }[]>("all", false);
  return rows.map((row) => row.id);
}

/** The list's total counted over the products themselves (what the kept totals must equal). */
export function productCountQuery(filters: ListFilters, db: EntityManager = em()) {
  return filtered(db.createQueryBuilder(Product, "p").select(sql`count(*)::int`.as("total")), filters);
}

/** A list's count, whichever table it reads: to run, or to read its SQL (EXPLAIN, the benchmark). */
export type CountQuery = Pick<
  QueryBuilder<object>,
  "execute" | "getKnexQuery" | "getFormattedQuery" | "getQuery" | "getParams"
>;

/** A stock level from which stock_level_count no longer tells levels apart. */
const STOCK_LEVELS_KEPT = 1000;

/**
 * The list's total, exact and cheap: from the kept totals (catalogue_summary, stock_level_count)
 * when the list is the whole catalogue, one category's tree, the low-stock or the low-margin
 * products alone; otherwise a count the filter's index serves.
 */
function countQuery(filters: ProductFilters, db: EntityManager): CountQuery {
  const search = filters.search?.trim();
  const only = (name: "category" | "lowStock" | "lowMargin") =>
    !search &&
    !filters.status &&
    !filters.supplierId &&
    !!filters.categoryId === (name === "category") &&
    !!filters.lowStock === (name === "lowStock") &&
    !!filters.lowMargin === (name === "lowMargin");
  const threshold = env().LOW_STOCK_THRESHOLD;
  const summary = (total: ReturnType<typeof sql>) =>
    db.createQueryBuilder(CatalogueSummary, "s").select(total.as("total"));
  if (only("lowStock") && threshold < STOCK_LEVELS_KEPT) {
    return db
      .createQueryBuilder(StockLevelCount, "l")
      .select(sql`coalesce(sum(l.products), 0)::int`.as("total"))
      .where({ level: { $lte: threshold } });
  }
  if (
    !search &&
    !filters.status &&
    !filters.lowStock &&
    !filters.lowMargin &&
    !filters.categoryId &&
    !filters.supplierId
  ) {
    return summary(sql`coalesce(sum(s.products), 0)::int`);
  }
  if (only("lowMargin")) return summary(sql`coalesce(sum(s.low_margin), 0)::int`);
  if (only("category")) {
    return summary(sql`coalesce(sum(s.products), 0)::int`).where({
      categoryId: { $in: categoryTree(filters.categoryId as number) },
    });
  }
  return productCountQuery(filters, db);
}

/** One page of the catalogue and the total: one query for the rows, one for the count. */
export async function listProducts(
  filters: ProductFilters,
): Promise<{ products: ProductRow[]; total: number }> {
  const queries = productListQueries(filters);
  const [rows, total] = await Promise.all([
    queries.rows.execute<ProductData[]>(),
    countProducts(queries.count, keptCountKey(filters, env().LOW_STOCK_THRESHOLD)),
  ]);
  return { products: rows.map(toProduct), total };
}

/** One page of the catalogue as a list shows it, and the total (the same queries, fewer columns). */
export async function listProductSummaries(
  filters: ProductFilters,
): Promise<{ products: ProductSummary[]; total: number }> {
  const queries = productListQueries(filters, em(), "summary");
  const [rows, total] = await Promise.all([
    queries.rows.execute<SummaryData[]>(),
    countProducts(queries.count, keptCountKey(filters, env().LOW_STOCK_THRESHOLD)),
  ]);
  return { products: rows.map(toSummary), total };
}

/** The newest products (the dashboard's recent list): the rows alone, no count. */
export async function listLatestProducts(limit: number): Promise<ProductRow[]> {
  const rows = await productListQueries({ sort: "newest", limit, offset: 0 }).rows.execute<ProductData[]>();
  return rows.map(toProduct);
}

/**
 * A product as a file of the catalogue reads it (the product reports): the columns the files
 * write, as PostgreSQL gives them (decimals as text), with its stock's value at selling price and
 * at cost.
 */
export type FileProduct = {
  id: number;
  name: string;
  sku: string;
  brand: string;
  categoryName: string | null;
  purchasePrice: string;
  sellingPrice: string;
  vatInclusive: boolean;
  vatRate: string;
  marginPercent: string;
  marginCategory: MarginCategory;
  stockLevel: number;
  status: ProductStatus;
  supplierName: string;
  ean: string | null;
  unit: MeasureUnit | null;
  /** as people write it ("5", "0.75": PostgreSQL's trim_scale) */
  netQuantity: string | null;
  tracking: TrackingMode;
  guaranteeMonths: number | null;
  /** selling price x stock, two decimals */
  inventoryValue: string;
  /** purchase price excl. VAT x stock, to the cent (stock-value.server.ts) */
  valueAtCost: string;
};

const column = (name: string) => `p.${name}`;
/** FileProduct's columns, named as its keys: the rows need no mapping (an export's time is per row). */
const FILE_COLUMNS = `p.id, p.name, p.sku, p.brand, c.name as "categoryName",
  p.purchase_price as "purchasePrice", p.selling_price as "sellingPrice",
  p.vat_inclusive as "vatInclusive", p.vat_rate as "vatRate", p.margin_percent as "marginPercent",
  p.margin_category as "marginCategory", p.stock_level as "stockLevel", p.status,
  s.name as "supplierName", p.ean, p.unit, trim_scale(p.net_quantity)::text as "netQuantity",
  p.tracking, p.guarantee_months as "guaranteeMonths",
  ${valueAtPriceSql(column)}::text as "inventoryValue",
  ${valueAtCostSql(column)}::text as "valueAtCost"`;

/**
 * Every product matching the filters, a page at a time (keyset on id, so deep pages cost nothing):
 * for exports that must not hold the whole catalogue in memory. The rows are PostgreSQL's, unmapped.
 */
export async function* productPages(
  filters: ListFilters,
  pageSize = 1000,
  db: EntityManager = em(),
): AsyncGenerator<readonly FileProduct[]> {
  const page = (after: number) =>
    filtered(
      db
        .createQueryBuilder(Product, "p")
        .select(raw(FILE_COLUMNS))
        .leftJoin("p.category", "c")
        .join("p.supplier", "s"),
      filters,
    )
      .andWhere({ id: { $gt: after } })
      .orderBy({ id: "asc" })
      .limit(pageSize)
      .execute<FileProduct[]>("all", false);
  // The next page is read while the caller works on this one (PostgreSQL and Node side by side).
  let next = page(0);
  for (;;) {
    const rows = await next;
    if (rows.length === 0) return;
    next = rows.length < pageSize ? Promise.resolve([]) : page(rows[rows.length - 1].id);
    // A caller that stops early never awaits the page read ahead: its failure is not a crash.
    next.catch(() => undefined);
    yield rows;
  }
}

export async function getProduct(id: number, tx: EntityManager = em()): Promise<ProductRow | null> {
  const row = await productQuery(tx).where({ id }).execute<ProductData | null>("get");
  return row ? toProduct(row) : null;
}

/** The product whose SKU, barcode or EAN is exactly this code, letter case ignored (the scanner). */
export async function findProductByCode(code: string): Promise<ProductRow | null> {
  // No code holds a control character (and PostgreSQL refuses a NUL in text): nothing to find.
  if (hasControlCharacters(code)) return null;
  const sameSku = raw("lower(p.sku) = lower(?)", [code]);
  const row = await productQuery(em())
    .where({
      $or: [
        { [raw("lower(p.sku)")]: raw("lower(?)", [code]) },
        { [raw("lower(p.barcode)")]: raw("lower(?)", [code]) },
        { ean: code },
      ],
    })
    // The product whose SKU it is before one whose barcode or EAN it is.
    .orderBy([{ [sameSku]: "desc" }, { id: "asc" }])
    .execute<ProductData | null>("get");
  return row ? toProduct(row) : null;
}

export async function getProducts(ids: number[]): Promise<ProductRow[]> {
  if (ids.length === 0) return [];
  const rows = await productQuery(em())
    .where({ id: { $in: ids } })
    .execute<ProductData[]>();
  return rows.map(toProduct);
}
