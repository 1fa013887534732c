import { raw } from "@mikro-orm/core";
import type { EntityManager } from "@mikro-orm/postgresql";
import { env } from "~/infra/env.server";
import { Category } from "~/models/category/category.entity";
import type { ImportChange, ImportRowError, ImportValue } from "~/models/import/import";
import type {
  CheckedRow as AnyCheckedRow,
  ImportCheck as AnyImportCheck,
  ProductImportInput,
} from "~/models/import/import-check";
import { calculateMargin, type MarginCategory } from "~/models/margin";
import { toCents } from "~/models/money";
import { type FileRow, readProductFile } from "./import-file";
import { netQuantityText } from "./net-quantity";
import { Product } from "./product.entity";
import type { ImportFigures } from "./product-import";
import { DEFAULT_SHELF_SQL } from "./product-reads.server";
import { productSchema } from "./product-schema";

/** A checked row: what the preview shows, and what the import writes (the whole product as it will be). */
export type CheckedRow = AnyCheckedRow<ProductImportInput>;
export type ImportCheck = AnyImportCheck<ProductImportInput>;

/** A product as the check compares it. */
type Stored = {
  id: number;
  version: number;
  name: string;
  sku: string;
  brand: string;
  /** the category's id (the foreign key) and name */
  category: number | null;
  categoryName: string | null;
  purchasePrice: string;
  sellingPrice: string;
  vatInclusive: boolean;
  vatRate: string;
  stockLevel: number;
  reorderPoint: number | null;
  reorderQuantity: number | null;
  /** the supplier's name (joined) */
  supplier: string;
  ean: string | null;
  imageUrl: string | null;
  barcode: string | null;
  location: string | null;
  unit: string | null;
  /** as people write it ("5", "0.75"; storedProducts trims the column's "5.000") */
  netQuantity: string | null;
  tracking: string;
  guaranteeMonths: number | null;
  status: string;
  marginPercent: number;
  marginCategory: string;
};

/** The fields an update compares, in the order its changes are listed. */
const COMPARED = [
  "name",
  "sku",
  "brand",
  "category",
  "purchasePrice",
  "sellingPrice",
  "vatInclusive",
  "vatRate",
  "stockLevel",
  "status",
  "supplier",
  "ean",
  "barcode",
  "location",
  "imageUrl",
  "reorderPoint",
  "reorderQuantity",
  "unit",
  "netQuantity",
  "tracking",
  "guaranteeMonths",
] as const;

/**
 * An empty cell in these columns keeps the product's value (a new product gets the default): a
 * blank is no instruction to zero a stock or change a VAT basis. Elsewhere an empty cell clears
 * an optional value (EAN, barcode, picture, category) and is an error for a required one.
 */
const KEPT_WHEN_EMPTY = new Set(["vatInclusive", "vatRate", "stockLevel", "status", "tracking"]);

/** The schema's messages, worded for a cell of a file (what to fix there). */
const CELL_MESSAGES: Record<string, string> = {
  "validation.required": "import:errors.row.required",
  "validation.tooLong": "import:errors.row.tooLong",
  "products:errors.status": "import:errors.row.status",
  "products:errors.unit": "import:errors.row.unit",
  "products:errors.tracking": "import:errors.row.tracking",
};

const MAX_LENGTH: Record<string, number> = {
  name: 255,
  sku: 100,
  brand: 100,
  supplier: 255,
  ean: 14,
  barcode: 100,
  location: 50,
  imageUrl: 2000,
};

const LOOKUP_CHUNK = 5000;
/** Rows checked together: their products are read in one query (by SKU) and one more (by EAN). */
const CHECK_BATCH = 2000;

/**
 * Checks a product file against the catalogue and writes nothing: each row creates a product,
 * updates the one whose SKU it names (any letter case; without such a SKU, the one with its EAN),
 * leaves it unchanged, or has errors that say which column, which line and what to fix. Columns
 * the file lacks keep the product's values. Two rows for one product: the later one is an error.
 */
export async function checkImport(
  text: string,
  db: EntityManager,
  batchSize: number = CHECK_BATCH,
): Promise<ImportCheck> {
  const file = readProductFile(text);
  if (!file.ok) return file;
  const context: Context = {
    present: new Set(file.columns),
    categories: await categoryNames(db),
    bySku: new Map(),
    byEan: new Map(),
    productLines: new Map(),
    skuLines: new Map(),
    vatRate: String(env().VAT_RATE),
  };
  // A batch of rows at a time, with the products they name: a large file's check holds one
  // batch's products and results, not the whole catalogue's.
  const all = file.rows;
  async function* batches() {
    for (let i = 0; i < all.length; i += batchSize) {
      const rows = all.slice(i, i + batchSize);
      context.bySku = await productsBySku(
        db,
        rows.map((row) => (row.cells.sku ?? "").toLowerCase()).filter(Boolean),
      );
      context.byEan = await productsByEan(
        db,
        rows
          .filter((row) => !context.bySku.has((row.cells.sku ?? "").toLowerCase()) && row.cells.ean)
          .map((row) => row.cells.ean),
      );
      yield rows.map((row) => checkRow(row, context));
    }
  }
  return { ok: true, columns: file.columns, ignored: file.ignored, batches: batches() };
}

type Context = {
  present: Set<string>;
  categories: { names: Map<number, string>; byName: Map<string, number[]> };
  bySku: Map<string, Stored>;
  byEan: Map<string, Stored[]>;
  /** the first line of each matched product, and of each SKU the file gives */
  productLines: Map<number, number>;
  skuLines: Map<string, number>;
  vatRate: string;
};

function checkRow(row: FileRow, context: Context): CheckedRow {
  const { cells, line } = row;
  const errors: ImportRowError[] = row.error ? [row.error] : [];
  const sku = cells.sku ?? "";
  const ean = cells.ean ?? "";
  let product = sku ? context.bySku.get(sku.toLowerCase()) : undefined;
  if (!product && ean) {
    const found = context.byEan.get(ean) ?? [];
    if (found.length > 1) errors.push({ column: "ean", message: "import:errors.row.eanSeveral" });
    else product = found[0];
  }
  let repeated = false;
  if (product) {
    const first = context.productLines.get(product.id);
    if (first !== undefined) {
      repeated = true;
      errors.push({
        column: sku ? "sku" : "ean",
        message: "import:errors.row.sameProduct",
        values: { line: first },
      });
    } else context.productLines.set(product.id, line);
  }

  const values: Record<string, unknown> = product ? storedInput(product) : {};
  for (const [key, cell] of Object.entries(cells)) {
    if (key === "category") continue;
    if (cell === "" && KEPT_WHEN_EMPTY.has(key)) continue;
    values[key] = cell;
  }
  // An empty unit in a file without the quantity's column: the product is sold by the piece.
  if (cells.unit === "" && !("netQuantity" in cells)) values.netQuantity = null;
  values.categoryId = categoryOf(cells, product, context, errors);

  const parsed = productSchema.safeParse(values);
  let input: CheckedRow["input"] = null;
  if (parsed.success) {
    const { version: _, ...rest } = parsed.data;
    input = rest;
  } else {
    for (const issue of parsed.error.issues) {
      const key = String(issue.path[0] ?? "");
      const column = key === "categoryId" ? "category" : key;
      errors.push(cellError(column, issue.message, context.present, !product));
    }
  }

  const targetSku = (input?.sku ?? sku).toLowerCase();
  if (targetSku && !repeated) {
    const first = context.skuLines.get(targetSku);
    if (first !== undefined)
      errors.push({ column: "sku", message: "import:errors.row.sameSku", values: { line: first } });
    else context.skuLines.set(targetSku, line);
  }

  const name = input?.name ?? cells.name ?? product?.name ?? "";
  const shownSku = input?.sku ?? (sku || product?.sku) ?? "";
  const before = product ? storedFigures(product) : null;
  if (errors.length || !input) {
    return view(line, "error", name, shownSku, product, [], errors, before, null, null);
  }
  const after = figures(input, product?.vatRate ?? context.vatRate);
  if (!product) return view(line, "create", name, shownSku, null, [], [], null, after, input);
  const changes = changesOf(product, input, context.categories.names);
  return view(
    line,
    changes.length ? "update" : "unchanged",
    name,
    shownSku,
    product,
    changes,
    [],
    before,
    after,
    input,
  );
}

function view(
  line: number,
  action: CheckedRow["action"],
  name: string,
  sku: string,
  product: Stored | null | undefined,
  changes: ImportChange[],
  errors: ImportRowError[],
  before: ImportFigures | null,
  after: ImportFigures | null,
  input: CheckedRow["input"],
): CheckedRow {
  return {
    line,
    action,
    name: name.slice(0, 255),
    detail: sku.slice(0, 255),
    recordId: product?.id ?? null,
    recordVersion: product?.version ?? null,
    changes,
    errors,
    before,
    after: action === "unchanged" ? null : after,
    input: action === "create" || action === "update" ? input : null,
  };
}

/** The category a row names (by name, any letter case); the product's own when the name is its category's. */
function categoryOf(
  cells: Record<string, string>,
  product: Stored | undefined,
  context: Context,
  errors: ImportRowError[],
): number | null {
  if (!("category" in cells)) return product?.category ?? null;
  const name = cells.category;
  if (!name) return null;
  // Two categories may share a name (under different parents): the product's own stays.
  if (product?.categoryName && product.categoryName.trim().toLowerCase() === name.toLowerCase())
    return product.category;
  const ids = context.categories.byName.get(name.toLowerCase()) ?? [];
  if (ids.length === 1) return ids[0];
  errors.push({
    column: "category",
    message: ids.length ? "import:errors.row.categorySeveral" : "import:errors.row.unknownCategory",
    values: { name },
  });
  return null;
}

function cellError(column: string, message: string, present: Set<string>, isNew: boolean): ImportRowError {
  if (message === "validation.required" && isNew && !present.has(column))
    return { column, message: "import:errors.row.missingColumn" };
  // The VAT basis is a yes or no (in either language, or true/false): one message whatever went wrong.
  const worded = column === "vatInclusive" ? "import:errors.row.flag" : (CELL_MESSAGES[message] ?? message);
  return message === "validation.tooLong"
    ? { column, message: worded, values: { max: MAX_LENGTH[column] ?? 255 } }
    : { column, message: worded };
}

/** The product as the schema reads it, the starting point of an update. */
function storedInput(product: Stored): Record<string, unknown> {
  return {
    name: product.name,
    sku: product.sku,
    brand: product.brand,
    purchasePrice: product.purchasePrice,
    sellingPrice: product.sellingPrice,
    vatInclusive: product.vatInclusive,
    vatRate: product.vatRate,
    stockLevel: product.stockLevel,
    // A file without the reorder columns keeps the product's own figures.
    reorderPoint: product.reorderPoint,
    reorderQuantity: product.reorderQuantity,
    supplier: product.supplier,
    ean: product.ean,
    imageUrl: product.imageUrl,
    barcode: product.barcode,
    location: product.location,
    unit: product.unit,
    netQuantity: product.netQuantity,
    tracking: product.tracking,
    guaranteeMonths: product.guaranteeMonths,
    status: product.status,
  };
}

function storedFigures(product: Stored): ImportFigures {
  return {
    purchasePrice: product.purchasePrice,
    sellingPrice: product.sellingPrice,
    margin: Number(product.marginPercent),
    marginCategory: product.marginCategory as MarginCategory,
  };
}

function figures(input: NonNullable<CheckedRow["input"]>, fallbackRate: string): ImportFigures {
  const margin = calculateMargin({
    purchasePrice: input.purchasePrice,
    sellingPrice: input.sellingPrice,
    vatInclusive: input.vatInclusive,
    vatRate: Number(input.vatRate ?? fallbackRate),
  });
  return {
    purchasePrice: input.purchasePrice,
    sellingPrice: input.sellingPrice,
    margin: margin.marginPercentage,
    marginCategory: margin.marginCategory,
  };
}

/** What an update changes, field by field (money compared in cents, rates as numbers). */
function changesOf(
  product: Stored,
  input: NonNullable<CheckedRow["input"]>,
  categoryNames: Map<number, string>,
): ImportChange[] {
  const changes: ImportChange[] = [];
  const add = (column: string, from: ImportValue, to: ImportValue) => changes.push({ column, from, to });
  for (const column of COMPARED) {
    switch (column) {
      case "category":
        if ((product.category ?? null) !== (input.categoryId ?? null))
          add(
            column,
            product.categoryName,
            input.categoryId ? (categoryNames.get(input.categoryId) ?? null) : null,
          );
        break;
      case "purchasePrice":
      case "sellingPrice":
        if (toCents(product[column]) !== toCents(input[column])) add(column, product[column], input[column]);
        break;
      case "vatRate":
        if (input.vatRate !== null && Number(product.vatRate) !== Number(input.vatRate))
          add(column, product.vatRate, input.vatRate);
        break;
      case "supplier":
        // A supplier is found by its name in any letter case: "tech data" names "Tech Data".
        if (product.supplier.toLowerCase() !== (input.supplier ?? "").toLowerCase())
          add(column, product.supplier, input.supplier);
        break;
      default: {
        const from = (product[column] ?? null) as ImportValue;
        const to = (input[column] ?? null) as ImportValue;
        if (from !== to) add(column, from, to);
      }
    }
  }
  return changes;
}

async function categoryNames(db: EntityManager) {
  const rows = await db
    .createQueryBuilder(Category, "c")
    .select(["id", "name"])
    .execute<{ id: number; name: string }[]>();
  const names = new Map<number, string>();
  const byName = new Map<string, number[]>();
  for (const { id, name } of rows) {
    names.set(id, name);
    const key = name.trim().toLowerCase();
    byName.set(key, [...(byName.get(key) ?? []), id]);
  }
  return { names, byName };
}

function storedQuery(db: EntityManager) {
  return db
    .createQueryBuilder(Product, "p")
    .select([
      "id",
      "version",
      "name",
      "sku",
      "brand",
      "category",
      "purchasePrice",
      "sellingPrice",
      "vatInclusive",
      "vatRate",
      "stockLevel",
      "reorderPoint",
      "reorderQuantity",
      "ean",
      "imageUrl",
      "barcode",
      // The file's `location` column is the shelf at the default location (issue #32).
      raw(`${DEFAULT_SHELF_SQL} as location`),
      "unit",
      "netQuantity",
      "tracking",
      "guaranteeMonths",
      "status",
      "marginPercent",
      "marginCategory",
      "c.name as categoryName",
      "s.name as supplier",
    ])
    .leftJoin("p.category", "c")
    .join("p.supplier", "s");
}

/** A product as read, its net quantity as people write it ("5.000" is "5"): what a file's cell is compared with. */
function storedRow(row: Stored): Stored {
  return row.netQuantity === null ? row : { ...row, netQuantity: netQuantityText(row.netQuantity) };
}

/** The products with these SKUs (lower case), by lower-case SKU, a few thousand per query. */
async function productsBySku(db: EntityManager, skus: string[]) {
  const found = new Map<string, Stored>();
  const unique = [...new Set(skus)];
  for (let i = 0; i < unique.length; i += LOOKUP_CHUNK) {
    const rows = await storedQuery(db)
      .where({ [raw("lower(p.sku)")]: { $in: unique.slice(i, i + LOOKUP_CHUNK) } })
      .execute<Stored[]>();
    for (const row of rows) found.set(row.sku.toLowerCase(), storedRow(row));
  }
  return found;
}

/** The products with these EANs (several products may share one), by EAN. */
async function productsByEan(db: EntityManager, eans: string[]) {
  const found = new Map<string, Stored[]>();
  const unique = [...new Set(eans)].filter((ean) => ean.length <= 14);
  for (let i = 0; i < unique.length; i += LOOKUP_CHUNK) {
    const rows = await storedQuery(db)
      .where({ ean: { $in: unique.slice(i, i + LOOKUP_CHUNK) } })
      .execute<Stored[]>();
    for (const row of rows)
      found.set(row.ean as string, [...(found.get(row.ean as string) ?? []), storedRow(row)]);
  }
  return found;
}
