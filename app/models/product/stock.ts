/** Stock rules of spec section 9: badges and what counts as low stock. */

// A product is low on stock at LOW_STOCK_THRESHOLD units or fewer (its default is in
// app/infra/setting-defaults.ts): alerts, badges, filters, the dashboard and the inventory tab take it.

/** Critical from here down (spec: 5), never above the low-stock threshold itself. */
const CRITICAL_STOCK_AT_MOST = 5;

export type StockState = "out" | "critical" | "low" | "ok";

export function stockState(stockLevel: number | null | undefined, lowStockAtMost: number): StockState {
  if (!stockLevel || stockLevel <= 0) return "out";
  if (stockLevel <= Math.min(CRITICAL_STOCK_AT_MOST, lowStockAtMost)) return "critical";
  if (stockLevel <= lowStockAtMost) return "low";
  return "ok";
}

export function isLowStock(stockLevel: number, lowStockAtMost: number) {
  return stockLevel <= lowStockAtMost;
}
