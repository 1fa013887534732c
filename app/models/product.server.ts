import type { EntityManager } from "@mikro-orm/postgresql";
import { em } from "~/utils/db.server";
import { env } from "~/utils/env.server";
import { toIso } from "~/utils/sql.server";
import { raiseProductAlerts } from "./alert.server";
import { calculateMargin, LOW_MARGIN_BELOW, type MarginCategory, storedMargin } from "./margin";
import { marginSql } from "./margin.server";
import { productSearchDocument } from "./product.entity";
import type { ProductInput } from "./product-schema";
import type { ProductStatus } from "./product-status";

export type ProductRow = {
  id: number;
  name: string;
  sku: string;
  brand: string;
  categoryId: number | null;
  categoryName: string | null;
  purchasePrice: string;
  sellingPrice: string;
  vatInclusive: boolean;
  stockLevel: number;
  supplier: string;
  ean: string | null;
  imageUrl: string | null;
  barcode: string | null;
  status: ProductStatus;
  margin: number;
  marginCategory: MarginCategory;
  profit: string;
  createdAt: string;
  updatedAt: string;
  version: number;
};

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
  sort?: ProductSort;
  direction?: "asc" | "desc";
  limit: number;
  offset: number;
};

const COLUMNS = `p.id, p.name, p.sku, p.brand, p.category_id, c.name as category_name, p.purchase_price,
  p.selling_price, p.vat_inclusive, p.stock_level, p.supplier, p.ean, p.image_url, p.barcode, p.status,
  p.created_at, p.updated_at, p.version`;

type Row = {
  id: number;
  name: string;
  sku: string;
  brand: string;
  category_id: number | null;
  category_name: string | null;
  purchase_price: string;
  selling_price: string;
  vat_inclusive: boolean;
  stock_level: number;
  supplier: string;
  ean: string | null;
  image_url: string | null;
  barcode: string | null;
  status: ProductStatus;
  created_at: Date | string;
  updated_at: Date | string;
  version: number;
};

function toProduct(row: Row): ProductRow {
  const margin = calculateMargin({
    purchasePrice: row.purchase_price,
    sellingPrice: row.selling_price,
    vatInclusive: row.vat_inclusive,
    vatRate: env().VAT_RATE,
  });
  return {
    id: row.id,
    name: row.name,
    sku: row.sku,
    brand: row.brand,
    categoryId: row.category_id,
    categoryName: row.category_name,
    purchasePrice: row.purchase_price,
    sellingPrice: row.selling_price,
    vatInclusive: row.vat_inclusive,
    stockLevel: row.stock_level,
    supplier: row.supplier,
    ean: row.ean,
    imageUrl: row.image_url,
    barcode: row.barcode,
    status: row.status,
    margin: margin.marginPercentage,
    marginCategory: margin.marginCategory,
    profit: margin.profit,
    createdAt: toIso(row.created_at),
    updatedAt: toIso(row.updated_at),
    version: row.version,
  };
}

/** LIKE pattern for a user's text: their % and _ are matched literally. */
function containsPattern(text: string) {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

function whereClause(filters: ProductFilters): { sql: string; params: unknown[] } {
  const parts: string[] = [];
  const params: unknown[] = [];
  const search = filters.search?.trim();
  if (search) {
    // Name, SKU, brand and EAN in one expression with one trigram index (product.entity.ts).
    parts.push(`(${productSearchDocument("p")}) ilike ?`);
    params.push(containsPattern(search));
  }
  if (filters.categoryId) {
    // A category includes its subcategories, at any depth.
    parts.push(`p.category_id in (
      with recursive tree(id) as (
        select id from category where id = ?
        union all select c.id from category c join tree on c.parent_id = tree.id)
      select id from tree)`);
    params.push(filters.categoryId);
  }
  if (filters.status) {
    parts.push("p.status = ?");
    params.push(filters.status);
  }
  if (filters.lowStock) {
    parts.push("p.stock_level <= ?");
    params.push(env().LOW_STOCK_THRESHOLD);
  }
  if (filters.lowMargin) {
    parts.push(`${marginSql("p", env().VAT_RATE)} < ?`);
    params.push(LOW_MARGIN_BELOW);
  }
  return { sql: parts.length ? `where ${parts.join(" and ")}` : "", params };
}

function orderClause(sort: ProductSort = "newest", direction?: "asc" | "desc") {
  const dir = direction ?? (sort === "name" ? "asc" : "desc");
  const column = {
    newest: "p.created_at",
    name: "lower(p.name)",
    price: "p.selling_price",
    margin: marginSql("p", env().VAT_RATE),
    stock: "p.stock_level",
  }[sort];
  return `order by ${column} ${dir}, p.id ${dir}`;
}

/** One page of the catalogue and the total: one query for the rows, one for the count. */
export async function listProducts(
  filters: ProductFilters,
): Promise<{ products: ProductRow[]; total: number }> {
  const where = whereClause(filters);
  const [rows, count] = await Promise.all([
    em().execute<Row[]>(
      `select ${COLUMNS} from product p left join category c on c.id = p.category_id
       ${where.sql} ${orderClause(filters.sort, filters.direction)} limit ? offset ?`,
      [...where.params, filters.limit, filters.offset],
    ),
    em().execute<{ total: number }[]>(
      `select count(*)::int as total from product p ${where.sql}`,
      where.params,
    ),
  ]);
  return { products: rows.map(toProduct), total: count[0]?.total ?? 0 };
}

/**
 * Every product matching the filters, a page at a time (keyset on id, so deep pages cost nothing):
 * for exports that must not hold the whole catalogue in memory.
 */
export async function* productPages(
  filters: Omit<ProductFilters, "limit" | "offset" | "sort" | "direction">,
  pageSize = 1000,
  db: EntityManager = em(),
): AsyncGenerator<ProductRow[]> {
  const where = whereClause({ ...filters, limit: pageSize, offset: 0 });
  let after = 0;
  for (;;) {
    const condition = where.sql ? `${where.sql} and p.id > ?` : "where p.id > ?";
    const rows = await db.execute<Row[]>(
      `select ${COLUMNS} from product p left join category c on c.id = p.category_id ${condition} order by p.id limit ?`,
      [...where.params, after, pageSize],
    );
    if (rows.length === 0) return;
    yield rows.map(toProduct);
    after = rows[rows.length - 1].id;
    if (rows.length < pageSize) return;
  }
}

export async function getProduct(id: number, tx: EntityManager = em()): Promise<ProductRow | null> {
  const rows = await tx.execute<Row[]>(
    `select ${COLUMNS} from product p left join category c on c.id = p.category_id where p.id = ?`,
    [id],
  );
  return rows[0] ? toProduct(rows[0]) : null;
}

/** The product whose SKU, barcode or EAN is exactly this code, letter case ignored (the scanner). */
export async function findProductByCode(code: string): Promise<ProductRow | null> {
  const rows = await em().execute<Row[]>(
    `select ${COLUMNS} from product p left join category c on c.id = p.category_id
     where lower(p.sku) = lower(?) or lower(p.barcode) = lower(?) or p.ean = ?
     order by (lower(p.sku) = lower(?)) desc, p.id limit 1`,
    [code, code, code, code],
  );
  return rows[0] ? toProduct(rows[0]) : null;
}

export async function getProducts(ids: number[]): Promise<ProductRow[]> {
  if (ids.length === 0) return [];
  const rows = await em().execute<Row[]>(
    `select ${COLUMNS} from product p left join category c on c.id = p.category_id where p.id in (${ids.map(() => "?").join(", ")})`,
    ids,
  );
  return rows.map(toProduct);
}

export type PriceHistoryRow = {
  id: number;
  purchasePrice: string;
  sellingPrice: string;
  margin: string;
  changedBy: string | null;
  createdAt: string;
};

export async function listPriceHistory(productId: number): Promise<PriceHistoryRow[]> {
  const rows = await em().execute<
    {
      id: number;
      purchase_price: string;
      selling_price: string;
      margin: string;
      changed_by: string | null;
      created_at: Date | string;
    }[]
  >(
    `select h.id, h.purchase_price, h.selling_price, h.margin, h.created_at,
       nullif(trim(concat_ws(' ', u.first_name, u.last_name)), '') as changed_by
     from price_history h left join "user" u on u.id = h.changed_by_id
     where h.product_id = ? order by h.created_at, h.id`,
    [productId],
  );
  return rows.map((r) => ({
    id: r.id,
    purchasePrice: r.purchase_price,
    sellingPrice: r.selling_price,
    margin: r.margin,
    changedBy: r.changed_by,
    createdAt: toIso(r.created_at),
  }));
}

export type ProductWriteResult =
  | { ok: true; product: ProductRow }
  | { ok: false; reason: "notFound" | "skuTaken" | "unknownCategory" | "stale" };

/** Whether another product (not `exceptId`) has this SKU, in any letter case. */
export async function skuInUse(sku: string, exceptId?: number, tx: EntityManager = em()): Promise<boolean> {
  const taken = await tx.execute<unknown[]>("select 1 from product where lower(sku) = lower(?) and id <> ?", [
    sku,
    exceptId ?? 0,
  ]);
  return taken.length > 0;
}

async function refusal(tx: EntityManager, input: ProductInput, exceptId?: number) {
  if (await skuInUse(input.sku, exceptId, tx)) return "skuTaken" as const;
  if (input.categoryId) {
    const found = await tx.execute<unknown[]>("select 1 from category where id = ?", [input.categoryId]);
    if (!found.length) return "unknownCategory" as const;
  }
  return null;
}

async function recordPrice(tx: EntityManager, product: ProductRow, userId: number | null) {
  await tx.execute(
    "insert into price_history (product_id, purchase_price, selling_price, margin, changed_by_id) values (?, ?, ?, ?, ?)",
    [
      product.id,
      product.purchasePrice,
      product.sellingPrice,
      storedMargin({ ...product, vatRate: env().VAT_RATE }),
      userId,
    ],
  );
}

const WRITE_COLUMNS = [
  "name",
  "sku",
  "brand",
  "category_id",
  "purchase_price",
  "selling_price",
  "vat_inclusive",
  "stock_level",
  "supplier",
  "ean",
  "image_url",
  "barcode",
  "status",
] as const;

function writeValues(input: ProductInput) {
  return [
    input.name,
    input.sku,
    input.brand,
    input.categoryId,
    input.purchasePrice,
    input.sellingPrice,
    input.vatInclusive,
    input.stockLevel,
    input.supplier,
    input.ean,
    input.imageUrl,
    input.barcode,
    input.status,
  ];
}

export async function createProduct(input: ProductInput, userId: number | null): Promise<ProductWriteResult> {
  return em().transactional((tx) => insertProduct(tx, input, userId));
}

/** Inserts one product inside the caller's transaction: price history and alerts included. */
async function insertProduct(
  tx: EntityManager,
  input: ProductInput,
  userId: number | null,
): Promise<ProductWriteResult> {
  const refused = await refusal(tx, input);
  if (refused) return { ok: false, reason: refused };
  const [{ id }] = await tx.execute<{ id: number }[]>(
    `insert into product (${WRITE_COLUMNS.join(", ")}) values (${WRITE_COLUMNS.map(() => "?").join(", ")}) returning id`,
    writeValues(input),
  );
  const product = (await getProduct(id, tx)) as ProductRow;
  await recordPrice(tx, product, userId);
  await raiseProductAlerts(tx, null, product);
  return { ok: true, product };
}

/**
 * Imports products all or nothing: the first refused row rolls every row back, and its number
 * and reason come back.
 */
export async function importProducts(
  inputs: ProductInput[],
  userId: number | null,
): Promise<{ ok: true; count: number } | { ok: false; row: number; reason: string }> {
  class Refused extends Error {
    constructor(
      readonly row: number,
      readonly reason: string,
    ) {
      super(reason);
    }
  }
  try {
    await em().transactional(async (tx) => {
      for (const [index, input] of inputs.entries()) {
        const result = await insertProduct(tx, input, userId);
        if (!result.ok) throw new Refused(index + 1, result.reason);
      }
    });
    return { ok: true, count: inputs.length };
  } catch (error) {
    if (error instanceof Refused) return { ok: false, row: error.row, reason: error.reason };
    throw error;
  }
}

/** Updates a product; with `version`, only if nobody changed it since (optimistic locking). */
export async function updateProduct(
  id: number,
  input: ProductInput,
  userId: number | null,
): Promise<ProductWriteResult> {
  return em().transactional(async (tx) => {
    const locked = await tx.execute<{ version: number }[]>(
      "select version from product where id = ? for update",
      [id],
    );
    if (!locked.length) return { ok: false, reason: "notFound" };
    if (input.version && input.version !== locked[0].version) return { ok: false, reason: "stale" };
    const refused = await refusal(tx, input, id);
    if (refused) return { ok: false, reason: refused };
    const before = (await getProduct(id, tx)) as ProductRow;
    await tx.execute(
      `update product set ${WRITE_COLUMNS.map((c) => `${c} = ?`).join(", ")}, version = version + 1, updated_at = now()
       where id = ?`,
      [...writeValues(input), id],
    );
    const after = (await getProduct(id, tx)) as ProductRow;
    if (before.purchasePrice !== after.purchasePrice || before.sellingPrice !== after.sellingPrice) {
      await recordPrice(tx, after, userId);
    }
    await raiseProductAlerts(tx, before, after);
    return { ok: true, product: after };
  });
}

export type ProductDeleteResult = { ok: true } | { ok: false; reason: "notFound" | "inUse" };

/** Deletes a product unless an order or a quote uses it (set it to eol instead). */
export async function deleteProduct(id: number): Promise<ProductDeleteResult> {
  return em().transactional(async (tx) => {
    const found = await tx.execute<unknown[]>("select 1 from product where id = ? for update", [id]);
    if (!found.length) return { ok: false, reason: "notFound" };
    const used = await tx.execute<unknown[]>(
      `select 1 from sales_order_item where product_id = ? union all select 1 from quote_item where product_id = ? limit 1`,
      [id, id],
    );
    if (used.length) return { ok: false, reason: "inUse" };
    await tx.execute("delete from product where id = ?", [id]);
    return { ok: true };
  });
}
