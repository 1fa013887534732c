import type { InferEntity } from "@mikro-orm/core";
import type { MarginCategory } from "~/models/margin";
import type { Product } from "./product.entity";

/**
 * What a write compares, a product's row as it stood before and after it: the alerts (each state
 * is an alert-input.ts `ProductState`) and the price history. Shared by the product's write path
 * (product-writes.server.ts) and its stock ledger (stock/stock-ledger.server.ts).
 */
export function stateOf(product: InferEntity<typeof Product>) {
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

export type ProductWriteState = ReturnType<typeof stateOf>;
