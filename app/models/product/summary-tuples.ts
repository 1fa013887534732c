import type { ProductSummary } from "./product.server";

/**
 * A list's products as tuples in the page's loader data: the field names once here instead of on
 * each of 50 rows (some 4 KB of the products page).
 */
export type SummaryTuple = [
  id: ProductSummary["id"],
  name: ProductSummary["name"],
  sku: ProductSummary["sku"],
  brand: ProductSummary["brand"],
  categoryName: ProductSummary["categoryName"],
  sellingPrice: ProductSummary["sellingPrice"],
  stockLevel: ProductSummary["stockLevel"],
  imageUrl: ProductSummary["imageUrl"],
  status: ProductSummary["status"],
  margin: ProductSummary["margin"],
  marginCategory: ProductSummary["marginCategory"],
];

export function toSummaryTuples(products: readonly ProductSummary[]): SummaryTuple[] {
  return products.map((p) => [
    p.id,
    p.name,
    p.sku,
    p.brand,
    p.categoryName,
    p.sellingPrice,
    p.stockLevel,
    p.imageUrl,
    p.status,
    p.margin,
    p.marginCategory,
  ]);
}

export function fromSummaryTuples(rows: readonly SummaryTuple[]): ProductSummary[] {
  return rows.map(
    ([
      id,
      name,
      sku,
      brand,
      categoryName,
      sellingPrice,
      stockLevel,
      imageUrl,
      status,
      margin,
      marginCategory,
    ]) => ({
      id,
      name,
      sku,
      brand,
      categoryName,
      sellingPrice,
      stockLevel,
      imageUrl,
      status,
      margin,
      marginCategory,
    }),
  );
}
