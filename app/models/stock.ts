/** Stock rules of spec section 9: badges and what counts as low stock. */

export const LOW_STOCK_AT_MOST = 10;
export const CRITICAL_STOCK_AT_MOST = 5;

export type StockState = "out" | "critical" | "low" | "ok";

export function stockState(stockLevel: number | null | undefined): StockState {
  if (!stockLevel || stockLevel <= 0) return "out";
  if (stockLevel <= CRITICAL_STOCK_AT_MOST) return "critical";
  if (stockLevel <= LOW_STOCK_AT_MOST) return "low";
  return "ok";
}

export function isLowStock(stockLevel: number) {
  return stockLevel <= LOW_STOCK_AT_MOST;
}
