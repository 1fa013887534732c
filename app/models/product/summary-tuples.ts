import type { ProductSummary } from "./product-reads.server";

/**
 * A list's products as tuples in the page's loader data: the field names once here instead of on
 * each of 50 rows (some 4 KB of the products page). Their order, once for both directions: the
 * browser reads the rows back with this list (no field-by-field copy in its script).
 */
const FIELDS = [
  "id",
  "name",
  "sku",
  "brand",
  "categoryName",
  "sellingPrice",
  "stockLevel",
  "imageUrl",
  "status",
  "margin",
  "marginCategory",
] as const satisfies ReadonlyArray<keyof ProductSummary>;

type Fields = typeof FIELDS;
export type SummaryTuple = {
  -readonly [I in keyof Fields]: Fields[I] extends keyof ProductSummary ? ProductSummary[Fields[I]] : never;
};

export function toSummaryTuples(products: readonly ProductSummary[]): SummaryTuple[] {
  // FIELDS.map keeps their order, which TypeScript does not follow into the tuple's type.
  return products.map((product) => FIELDS.map((field) => product[field]) as unknown as SummaryTuple);
}

export function fromSummaryTuples(rows: readonly SummaryTuple[]): ProductSummary[] {
  return rows.map(
    (row) => Object.fromEntries(FIELDS.map((field, index) => [field, row[index]])) as ProductSummary,
  );
}
