/**
 * Reorder points (issue #15): when to buy a product again and how many. Pure, shared by the
 * server (the "To reorder" list's SQL holds the same rule: reorder.server.ts, and a test holds the
 * two equal) and the pages.
 *
 * Each product may have its own reorder point and reorder quantity; without one (null) it takes
 * the shop's default (REORDER_POINT, by default the low-stock threshold; REORDER_QUANTITY, 10).
 * A product needs reordering when its stock is at or under its point. The suggestion orders it up
 * to its point plus its reorder quantity (Odoo's min/max rule with max = point + quantity), less
 * what is already on order: (point + quantity) - (stock + on order), never below 0. So an order
 * is always at least the reorder quantity while nothing is on order, and more when the stock has
 * fallen far under the point.
 */

/** The shop's defaults, for products without figures of their own. */
export type ReorderDefaults = { reorderPoint: number; reorderQuantity: number };

export type ReorderFigures = {
  stockLevel: number;
  /** the product's own point, or null for the shop's */
  reorderPoint: number | null;
  /** the product's own quantity, or null for the shop's */
  reorderQuantity: number | null;
  /**
   * Units already ordered and not yet received: on sent or partially received purchase orders
   * (`onOrderSql` and `openPurchaseQuantities` in purchase-order.server.ts, the list's SQL too).
   */
  onOrder?: number;
};

export function effectivePoint(product: Pick<ReorderFigures, "reorderPoint">, defaults: ReorderDefaults) {
  return product.reorderPoint ?? defaults.reorderPoint;
}

export function effectiveQuantity(
  product: Pick<ReorderFigures, "reorderQuantity">,
  defaults: ReorderDefaults,
) {
  return product.reorderQuantity ?? defaults.reorderQuantity;
}

/** At or under its reorder point: the product is on the "To reorder" list. */
export function needsReorder(
  product: Pick<ReorderFigures, "stockLevel" | "reorderPoint">,
  defaults: ReorderDefaults,
): boolean {
  return product.stockLevel <= effectivePoint(product, defaults);
}

/** How many to order: up to point + quantity, less stock and what is on order; never below 0. */
export function suggestedQuantity(product: ReorderFigures, defaults: ReorderDefaults): number {
  const target = effectivePoint(product, defaults) + effectiveQuantity(product, defaults);
  return Math.max(0, target - product.stockLevel - (product.onOrder ?? 0));
}
