import {
  type InferEntity,
  OptimisticLockError,
  type RequiredEntityData,
  raw,
  sql,
  UniqueConstraintViolationException,
} from "@mikro-orm/core";
import type { EntityManager, QueryBuilder } from "@mikro-orm/postgresql";
import type { z } from "zod/v4";
import { em } from "~/infra/db.server";
import { env } from "~/infra/env.server";
import { containsPattern } from "~/infra/sql.server";
import { raiseProductAlerts } from "~/models/alert/alert.server";
import type { productAnswer } from "~/models/api-doc/response-schemas";
import { Category } from "~/models/category/category.entity";
import { hasControlCharacters } from "~/models/clean-text";
import { CatalogueSummary, StockLevelCount } from "~/models/dashboard/catalogue-summary.entity";
import { lockEachForChange, lockForChange } from "~/models/locked.server";
import { calculateMargin, type MarginCategory } from "~/models/margin";
import { logPrices } from "~/models/price/price-history.server";
import { StockMovement } from "~/models/stock/stock-movement.entity";
import { quantityFitsReason, reasonDirection, type StockReason } from "~/models/stock/stock-reason";
import { Supplier } from "~/models/supplier/supplier.entity";
import { supplierIdsByName, supplierNamesById } from "~/models/supplier/supplier.server";
import { User } from "~/models/user/user.entity";
import { countProducts, keptCountKey } from "./list-count.server";
import { Product } from "./product.entity";
import type { ProductInput } from "./product-schema";
import type { ProductStatus } from "./product-status";
import { valueAtCostSql, valueAtPriceSql } from "./stock-value-sql";

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
  "reorderPoint",
  "reorderQuantity",
  "supplier",
  "ean",
  "imageUrl",
  "barcode",
  "location",
  "lastCountedAt",
  "status",
  "createdAt",
  "updatedAt",
  "version",
] as const;

type ProductEntity = InferEntity<typeof Product>;
/**
 * What a new product is made of: every column em.create requires but those PostgreSQL computes
 * (generated ... stored), which MikroORM 6.6 does not infer as optional. Created with
 * `partial: true`, which only relaxes the ORM's own typing: this type keeps the check.
 */
type NewProductData = Omit<
  RequiredEntityData<ProductEntity>,
  "marginPercent" | "marginCategory" | "purchaseCost" | "searchText"
>;
type ProductData = Pick<ProductEntity, Exclude<(typeof FIELDS)[number], "category" | "supplier">> & {
  /** the category's id (the foreign key) and its name (joined) */
  category: number | null;
  categoryName: string | null;
  /** the supplier's id (the foreign key) and its name (joined) */
  supplier: number;
  supplierName: string;
};

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
    reorderPoint: row.reorderPoint ?? null,
    reorderQuantity: row.reorderQuantity ?? null,
    supplier: row.supplierName,
    supplierId: row.supplier,
    ean: row.ean ?? null,
    imageUrl: row.imageUrl ?? null,
    barcode: row.barcode ?? null,
    location: row.location ?? null,
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
    .select([...FIELDS, "c.name as categoryName", "s.name as supplierName"])
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

/** A product as a report reads it: with its stock's value at selling price and at cost. */
export type ReportedProduct = ExportedProduct & {
  /** selling price x stock, two decimals */
  inventoryValue: string;
  /** purchase price excl. VAT x stock, to the cent (stock-value.server.ts) */
  valueAtCost: string;
};

/**
 * Every product matching the filters, a page at a time (keyset on id, so deep pages cost nothing):
 * for exports that must not hold the whole catalogue in memory.
 */
export async function* productPages(
  filters: ListFilters,
  pageSize = 1000,
  db: EntityManager = em(),
): AsyncGenerator<Iterable<ReportedProduct>> {
  const column = (name: string) => `p.${name}`;
  const page = (after: number) =>
    filtered(productQuery(db), filters)
      .addSelect(raw(`${valueAtPriceSql(column)}::text as "inventoryValue"`))
      .addSelect(raw(`${valueAtCostSql(column)}::text as "valueAtCost"`))
      .andWhere({ id: { $gt: after } })
      .orderBy({ id: "asc" })
      .limit(pageSize)
      .execute<(ProductData & { inventoryValue: string; valueAtCost: string })[]>();
  // The next page is read while the caller works on this one (PostgreSQL and Node side by side).
  let next = page(0);
  for (;;) {
    const rows = await next;
    if (rows.length === 0) return;
    next = rows.length < pageSize ? Promise.resolve([]) : page(rows[rows.length - 1].id);
    // A caller that stops early never awaits the page read ahead: its failure is not a crash.
    next.catch(() => undefined);
    yield reported(rows);
  }
}

/**
 * A page's products as the caller reads them, one at a time: each is made when it is reached and
 * dropped before the next, so a page's made objects never outlive the young generation (made all
 * at once, a file's formatting between them promoted them all to the old one: ~150 MB of garbage
 * for an export of 100,000).
 */
function* reported(rows: (ProductData & { inventoryValue: string; valueAtCost: string })[]) {
  for (const row of rows) {
    // Two fields added to the made object (a spread into a new one made a slow, 2.6 KB object).
    const product = toExportedProduct(row) as ReportedProduct;
    product.inventoryValue = row.inventoryValue;
    product.valueAtCost = row.valueAtCost;
    yield product;
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

export type ProductWriteResult =
  | { ok: true; product: ProductRow }
  | {
      ok: false;
      reason:
        | "notFound"
        | "skuTaken"
        | "unknownCategory"
        | SupplierRefusal
        | "stale"
        /** the edit lowers the stock with a reason that adds stock (a receipt, a return) */
        | "stockReasonAdds"
        /** the edit raises the stock with a reason that takes stock out (damage) */
        | "stockReasonTakes";
    };

/** The API named a supplier by an id that does not exist, or by an id and a name of another one. */
export type SupplierRefusal = "unknownSupplier" | "supplierMismatch";

/**
 * The supplier of each input, as an id: the one its `supplierId` names (which must exist, and be
 * the one its name names when it gives both), else the one of its name, found or created in the
 * caller's transaction (supplierIdsByName). Refusals come before anything is created.
 */
async function supplierIdsOf(
  tx: EntityManager,
  inputs: Pick<ProductInput, "supplier" | "supplierId">[],
): Promise<{ ok: true; ids: number[] } | { ok: false; index: number; reason: SupplierRefusal }> {
  const named = await supplierNamesById(
    tx,
    inputs.map((input) => input.supplierId).filter((id): id is number => !!id),
  );
  for (const [index, { supplier, supplierId }] of inputs.entries()) {
    if (!supplierId) continue;
    const name = named.get(supplierId);
    if (name === undefined) return { ok: false, index, reason: "unknownSupplier" };
    if (supplier && supplier.trim().toLowerCase() !== name)
      return { ok: false, index, reason: "supplierMismatch" };
  }
  const byName = await supplierIdsByName(
    tx,
    inputs.filter((input) => !input.supplierId).map((input) => input.supplier ?? ""),
  );
  return {
    ok: true,
    ids: inputs.map(
      (input) => input.supplierId || (byName.get((input.supplier ?? "").trim().toLowerCase()) as number),
    ),
  };
}

/** Whether another product (not `exceptId`) has this SKU, in any letter case. */
export async function skuInUse(sku: string, exceptId?: number, tx: EntityManager = em()): Promise<boolean> {
  const where = { [raw("lower(sku)")]: raw("lower(?)", [sku]), id: { $ne: exceptId ?? 0 } };
  return (await tx.count(Product, where)) > 0;
}

/**
 * The product aggregate's one write path. Every creation and change of a product (the forms, the
 * API, the import, the demo seed, orders and stock movements) goes through `createProducts`,
 * `changeProduct` or `changeStock`, inside the caller's transaction, as units of work of the ORM:
 * - the version is the entity's: a change that names the version it read is refused as stale when
 *   the row moved on (the ORM's optimistic lock, checked again by the flush's `where version`);
 * - PostgreSQL keeps the margin (generated columns), returned to the entity by the flush;
 * - a price history row is added when the margin's inputs change (prices, VAT basis or rate);
 * - alerts are raised or brought up to date from the row as written;
 * - the stock level changes only by a movement of the ledger (stock_movement): an opening one on
 *   creation, then `changeStock`'s, which keeps the level the running sum of the ledger.
 *
 * The fields a product keeps of its input: every one but the stock level, which only a movement
 * changes. `current` is the product a change changes (none for a new one), whose own values stay
 * where the input names none.
 */
function storedFields(tx: EntityManager, input: ProductInput, supplierId: number, current?: ProductEntity) {
  return {
    name: input.name,
    sku: input.sku,
    brand: input.brand,
    category: input.categoryId ? tx.getReference(Category, input.categoryId) : null,
    purchasePrice: input.purchasePrice,
    sellingPrice: input.sellingPrice,
    vatInclusive: input.vatInclusive,
    // Without a rate of its own, a new product is sold at the shop's standard rate; a change that
    // names no rate keeps the product's.
    vatRate: input.vatRate ?? current?.vatRate ?? String(env().VAT_RATE),
    supplier: tx.getReference(Supplier, supplierId),
    // Left out (an import checked before these existed): the product keeps its own.
    reorderPoint: input.reorderPoint === undefined ? (current?.reorderPoint ?? null) : input.reorderPoint,
    reorderQuantity:
      input.reorderQuantity === undefined ? (current?.reorderQuantity ?? null) : input.reorderQuantity,
    ean: input.ean,
    imageUrl: input.imageUrl,
    barcode: input.barcode,
    // A change that names no location (an API client, an import without the column) keeps it.
    location: input.location === undefined ? (current?.location ?? null) : input.location,
    status: input.status,
  };
}

/** What alerts and history compare: the row as it stood. */
function stateOf(product: ProductEntity) {
  return {
    id: product.id,
    name: product.name,
    sku: product.sku,
    stockLevel: product.stockLevel,
    status: product.status,
    margin: Number(product.marginPercent),
    marginCategory: product.marginCategory as MarginCategory,
    purchasePrice: product.purchasePrice,
    sellingPrice: product.sellingPrice,
    vatInclusive: product.vatInclusive,
    vatRate: product.vatRate,
    categoryId: product.category?.id ?? null,
  };
}

function priceChanged(before: ReturnType<typeof stateOf>, after: ReturnType<typeof stateOf>) {
  return (
    Number(before.purchasePrice) !== Number(after.purchasePrice) ||
    Number(before.sellingPrice) !== Number(after.sellingPrice) ||
    before.vatInclusive !== after.vatInclusive ||
    Number(before.vatRate) !== Number(after.vatRate)
  );
}

/** The price log's rows for these products' new prices (price-history.server.ts writes what changed). */
async function recordPrices(tx: EntityManager, products: ProductEntity[], userId: number | null) {
  await logPrices(
    tx,
    products.map((product) => product.id),
    { userId, source: "form" },
  );
}

/** Why these new products cannot be written (a SKU in use or repeated, an unknown category), by index. */
async function creationRefusals(tx: EntityManager, inputs: ProductInput[]) {
  const refusals = new Map<number, "skuTaken" | "unknownCategory">();
  const skus = inputs.map((input) => input.sku.toLowerCase());
  const taken = new Set(
    (
      await tx
        .createQueryBuilder(Product, "p")
        .select(raw("lower(p.sku) as sku"))
        .where({ [raw("lower(p.sku)")]: { $in: skus } })
        .execute<{ sku: string }[]>()
    ).map((row) => row.sku),
  );
  const categoryIds = [
    ...new Set(inputs.map((input) => input.categoryId).filter((id): id is number => !!id)),
  ];
  const categories = new Set(
    categoryIds.length
      ? (
          await tx
            .createQueryBuilder(Category, "c")
            .select("id")
            .where({ id: { $in: categoryIds } })
            .execute<{ id: number }[]>()
        ).map((row) => row.id)
      : [],
  );
  const seen = new Set<string>();
  inputs.forEach((input, index) => {
    const sku = input.sku.toLowerCase();
    if (taken.has(sku) || seen.has(sku)) refusals.set(index, "skuTaken");
    else if (input.categoryId && !categories.has(input.categoryId)) refusals.set(index, "unknownCategory");
    seen.add(sku);
  });
  return refusals;
}

/**
 * Creates products in the caller's transaction, in one flush (the ORM batches the inserts), with
 * their first price history rows and the alerts they raise. Refused as a whole, with the first
 * refused input's index, when any input is.
 */
export async function createProducts(
  tx: EntityManager,
  inputs: ProductInput[],
  userId: number | null,
): Promise<
  | { ok: true; ids: number[] }
  | { ok: false; index: number; reason: "skuTaken" | "unknownCategory" | SupplierRefusal }
> {
  if (inputs.length === 0) return { ok: true, ids: [] };
  const refusals = await creationRefusals(tx, inputs);
  const [first] = refusals.entries();
  if (first) return { ok: false, index: first[0], reason: first[1] };
  const suppliers = await supplierIdsOf(tx, inputs);
  if (!suppliers.ok) return suppliers;
  const products = inputs.map((input, index) => {
    // The opening level, recorded as the ledger's first movement below.
    const data: NewProductData = {
      ...storedFields(tx, input, suppliers.ids[index]),
      stockLevel: input.stockLevel,
    };
    return tx.create(Product, data, { partial: true });
  });
  try {
    await tx.flush();
  } catch (error) {
    // Another request took a SKU between the check and the write (the transaction is spent).
    if (error instanceof UniqueConstraintViolationException)
      return { ok: false, index: 0, reason: "skuTaken" };
    throw error;
  }
  await recordPrices(tx, products, userId);
  // The ledger opens with each product's stock: multi-row inserts of the opening movements, 5,000
  // rows (30,000 parameters) a statement (through the unit of work, the seeder's batches of 5,000
  // products took a fifth longer).
  const opening = products.filter((product) => product.stockLevel !== 0);
  for (let first = 0; first < opening.length; first += 5000) {
    await tx
      .createQueryBuilder(StockMovement)
      .insert(
        opening.slice(first, first + 5000).map((product) => ({
          product: product.id,
          quantity: product.stockLevel,
          reason: "opening" as const,
          stockAfter: product.stockLevel,
          user: userId,
          createdAt: new Date(),
        })),
      )
      .execute("run");
  }
  await raiseProductAlerts(
    tx,
    products.map((product) => ({ before: null, after: stateOf(product) })),
  );
  return { ok: true, ids: products.map((product) => product.id) };
}

/** Changes one product in the caller's transaction; with `input.version`, only if nobody changed it since. */
export async function changeProduct(
  tx: EntityManager,
  id: number,
  input: ProductInput,
  userId: number | null,
): Promise<ProductWriteResult> {
  const changed = await changeProducts(tx, [{ id, input }], userId);
  if (!changed.ok) return { ok: false, reason: changed.reason };
  return { ok: true, product: (await getProduct(id, tx)) as ProductRow };
}

export type ProductChangeInput = { id: number; input: ProductInput };

/**
 * Changes products in the caller's transaction, in one flush (the ORM batches the updates): each
 * with `input.version` only if nobody changed it since. A new stock level is a movement of the
 * ledger (the difference, with the change's `stockReason`, else an adjustment). Refused as a
 * whole, with the first refused change's index, when any is.
 */
export async function changeProducts(
  tx: EntityManager,
  changes: ProductChangeInput[],
  userId: number | null,
): Promise<
  | { ok: true }
  | {
      ok: false;
      index: number;
      reason:
        | "notFound"
        | "skuTaken"
        | "unknownCategory"
        | SupplierRefusal
        | "stale"
        | "stockReasonAdds"
        | "stockReasonTakes";
    }
> {
  if (changes.length === 0) return { ok: true };
  // Locked for the change, in id order (as every writer locks products): two changes of one
  // product run one after the other, so a change that names no version is the last to win, and
  // one that names a version sees the current one. A new stock level must move the way its
  // reason moves stock.
  const locked = await lockEachForChange(
    tx,
    Product,
    changes.map(({ id, input }) => ({ id, version: input.version })),
    {
      check: (product, index) => {
        const { input } = changes[index];
        const delta = input.stockLevel - product.stockLevel;
        const reason = input.stockReason ?? "adjustment";
        if (delta === 0 || quantityFitsReason(reason, delta)) return null;
        return reasonDirection(reason) === "in" ? "stockReasonAdds" : "stockReasonTakes";
      },
    },
  );
  if (!locked.ok) return locked;
  const products = locked.byId;
  const movements: StockChange[] = [];
  for (const { id, input } of changes) {
    const delta = input.stockLevel - (products.get(id) as ProductEntity).stockLevel;
    if (delta !== 0)
      movements.push({ productId: id, delta, reason: input.stockReason ?? "adjustment", userId });
  }
  const refused = await changeRefusals(tx, changes);
  if (refused) return { ok: false, ...refused };
  const suppliers = await supplierIdsOf(
    tx,
    changes.map(({ input }) => input),
  );
  if (!suppliers.ok) return suppliers;
  const befores = new Map(changes.map(({ id }) => [id, stateOf(products.get(id) as ProductEntity)]));
  // The rows are locked already and none goes short (each new level is 0 or more).
  if (movements.length) await moveStock(tx, movements);
  const changed = changes.map(({ id, input }, index) => {
    const product = products.get(id) as ProductEntity;
    tx.assign(product, storedFields(tx, input, suppliers.ids[index], product));
    return { before: befores.get(id) as ReturnType<typeof stateOf>, product };
  });
  try {
    await tx.flush();
  } catch (error) {
    const index = 0;
    if (error instanceof OptimisticLockError) return { ok: false, index, reason: "stale" };
    if (error instanceof UniqueConstraintViolationException) return { ok: false, index, reason: "skuTaken" };
    throw error;
  }
  const written = changed.map(({ before, product }) => ({ before, after: stateOf(product), product }));
  const repriced = written.filter(({ before, after }) => priceChanged(before, after));
  await recordPrices(
    tx,
    repriced.map(({ product }) => product),
    userId,
  );
  await raiseProductAlerts(
    tx,
    written.map(({ before, after }) => ({ before, after })),
  );
  return { ok: true };
}

/** Why these changes cannot be written (a SKU another product has, an unknown category): the first. */
async function changeRefusals(tx: EntityManager, changes: ProductChangeInput[]) {
  const skus = [...new Set(changes.map(({ input }) => input.sku.toLowerCase()))];
  const owners = new Map<string, number[]>();
  for (const row of await tx
    .createQueryBuilder(Product, "p")
    .select(["id", raw("lower(p.sku) as sku")])
    .where({ [raw("lower(p.sku)")]: { $in: skus } })
    .execute<{ id: number; sku: string }[]>()) {
    owners.set(row.sku, [...(owners.get(row.sku) ?? []), row.id]);
  }
  const categoryIds = [
    ...new Set(changes.map(({ input }) => input.categoryId).filter((id): id is number => !!id)),
  ];
  const categories = new Set(
    categoryIds.length
      ? (
          await tx
            .createQueryBuilder(Category, "c")
            .select("id")
            .where({ id: { $in: categoryIds } })
            .execute<{ id: number }[]>()
        ).map((row) => row.id)
      : [],
  );
  const claimed = new Map<string, number>();
  for (const [index, { id, input }] of changes.entries()) {
    const sku = input.sku.toLowerCase();
    const other = (owners.get(sku) ?? []).some((owner) => owner !== id);
    if (other || (claimed.has(sku) && claimed.get(sku) !== id)) return { index, reason: "skuTaken" as const };
    claimed.set(sku, id);
    if (input.categoryId && !categories.has(input.categoryId))
      return { index, reason: "unknownCategory" as const };
  }
  return null;
}

/** A change of one product's stock: one movement of the ledger. */
export type StockChange = {
  productId: number;
  /** Signed: + comes in, - goes out. */
  delta: number;
  reason: StockReason;
  note?: string | null;
  /** Who moved it (null: the system, a job, the seed). */
  userId?: number | null;
  /** What it belongs to, e.g. the order number of a sale or a return. */
  reference?: string | null;
};
export type StockChangeResult =
  | { ok: true; movementIds: number[] }
  | { ok: false; reason: "notFound"; productId: number }
  | {
      ok: false;
      reason: "short";
      product: { id: number; name: string; sku: string; stockLevel: number; wanted: number };
    };

type Moved = {
  before: ReturnType<typeof stateOf>;
  product: ProductEntity;
  movement: InferEntity<typeof StockMovement>;
};

/**
 * The ledger's core, without flushing or alerts: locks the products in id order, refuses a level
 * below zero, moves each product's level by the sum of its changes and creates one movement per
 * product (the reason, note, user and reference of its first change). With `countedAt`, every
 * product named (a change of 0 too) keeps it as its last counted time. The caller flushes.
 */
async function moveStock(
  tx: EntityManager,
  changes: StockChange[],
  countedAt?: Date,
): Promise<{ ok: true; moved: Moved[] } | Exclude<StockChangeResult, { ok: true }>> {
  const byProduct = new Map<number, StockChange>();
  for (const change of changes) {
    const seen = byProduct.get(change.productId);
    byProduct.set(change.productId, seen ? { ...seen, delta: seen.delta + change.delta } : { ...change });
  }
  const ids = [...byProduct.keys()].sort((a, b) => a - b);
  if (ids.length === 0) return { ok: true, moved: [] };
  // Locked in id order, so two writers touching the same products never deadlock; each waits
  // for the other and then reads the level the other left.
  const locked = await lockEachForChange(
    tx,
    Product,
    ids.map((id) => ({ id })),
    { refresh: true },
  );
  if (!locked.ok) return { ok: false, reason: "notFound", productId: ids[locked.index] };
  const products = ids.map((id) => locked.byId.get(id) as ProductEntity);
  for (const product of products) {
    const { delta } = byProduct.get(product.id) as StockChange;
    if (product.stockLevel + delta < 0) {
      const { id, name, sku, stockLevel } = product;
      return { ok: false, reason: "short", product: { id, name, sku, stockLevel, wanted: -delta } };
    }
  }
  const moved: Moved[] = [];
  for (const product of products) {
    const change = byProduct.get(product.id) as StockChange;
    if (countedAt) product.lastCountedAt = countedAt;
    if (change.delta === 0) continue;
    const before = stateOf(product);
    product.stockLevel += change.delta;
    const movement = tx.create(StockMovement, {
      product,
      quantity: change.delta,
      reason: change.reason,
      stockAfter: product.stockLevel,
      user: change.userId ? tx.getReference(User, change.userId) : null,
      note: change.note ?? null,
      reference: change.reference ?? null,
    });
    moved.push({ before, product, movement });
  }
  return { ok: true, moved };
}

/**
 * Moves stock in the caller's transaction, the product aggregate's way, and the only way stock
 * changes after a product is created: each product's change is a movement of the ledger with its
 * reason, and its level the running sum. The rows are locked in id order (so two writers touching
 * the same products never deadlock), none may go below zero whatever the reason (the first one
 * short is named and nothing moves), and the alerts and automation rules follow as for an edit.
 * Orders (sale, return), the product page and the API (any manual reason) move stock through this.
 *
 * A stock count's commit names every product it counted, those without a difference with a change
 * of 0, and `countedAt`: each keeps it as its last counted time, in the same locked write.
 */
export async function changeStock(
  tx: EntityManager,
  changes: StockChange[],
  options: { countedAt?: Date } = {},
): Promise<StockChangeResult> {
  const result = await moveStock(tx, changes, options.countedAt);
  if (!result.ok) return result;
  if (result.moved.length === 0) {
    if (options.countedAt) await tx.flush();
    return { ok: true, movementIds: [] };
  }
  await tx.flush();
  await raiseProductAlerts(
    tx,
    result.moved.map(({ before, product }) => ({ before, after: stateOf(product) })),
  );
  return { ok: true, movementIds: result.moved.map(({ movement }) => movement.id) };
}

export async function createProduct(input: ProductInput, userId: number | null): Promise<ProductWriteResult> {
  return em().transactional(async (tx) => {
    const created = await createProducts(tx, [input], userId);
    if (!created.ok) return { ok: false, reason: created.reason };
    return { ok: true, product: (await getProduct(created.ids[0], tx)) as ProductRow };
  });
}

/**
 * Imports products all or nothing, in one transaction and one batched write: the first refused
 * row's number and reason come back and nothing is written.
 */
export async function importProducts(
  inputs: ProductInput[],
  userId: number | null,
): Promise<{ ok: true; count: number } | { ok: false; row: number; reason: string }> {
  return em().transactional(async (tx) => {
    const created = await createProducts(tx, inputs, userId);
    return created.ok
      ? { ok: true as const, count: created.ids.length }
      : { ok: false as const, row: created.index + 1, reason: created.reason };
  });
}

/** Updates a product; with `version`, only if nobody changed it since (optimistic locking). */
export async function updateProduct(
  id: number,
  input: ProductInput,
  userId: number | null,
): Promise<ProductWriteResult> {
  return em().transactional((tx) => changeProduct(tx, id, input, userId));
}

export type ProductDeleteResult = { ok: true } | { ok: false; reason: "notFound" | "inUse" | "hasMovements" };

/**
 * Deletes a product unless an order, a quote or a purchase order uses it or its stock has moved since it was
 * created (set it to eol instead): the ledger is kept. Its opening movement goes with it.
 */
export async function deleteProduct(id: number): Promise<ProductDeleteResult> {
  return em().transactional(async (tx) => {
    const locked = await lockForChange(tx, Product, id);
    if (!locked.ok) return { ok: false, reason: "notFound" };
    // One statement over the documents' lines (purchase orders' too), stopping at the first found.
    const used = await tx.execute<unknown[]>(
      `select 1 from sales_order_item where product_id = ? union all select 1 from quote_item where product_id = ?
       union all select 1 from purchase_order_line where product_id = ? limit 1`,
      [id, id, id],
    );
    if (used.length) return { ok: false, reason: "inUse" };
    // The row is locked: no movement can be added while this runs.
    if (await tx.count(StockMovement, { product: id, reason: { $ne: "opening" } })) {
      return { ok: false, reason: "hasMovements" };
    }
    await tx.nativeDelete(StockMovement, { product: id });
    await tx.remove(locked.entity).flush();
    return { ok: true };
  });
}
