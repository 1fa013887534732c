/** The scanner's list of products and quantities (pure: the session keeps it). */
export type ScannedItem = { productId: number; quantity: number };

/** Adding a product already in the list raises its quantity by one (spec section 4). */
export function addScanned(items: ScannedItem[], productId: number): ScannedItem[] {
  const found = items.find((i) => i.productId === productId);
  if (found) return items.map((i) => (i.productId === productId ? { ...i, quantity: i.quantity + 1 } : i));
  return [{ productId, quantity: 1 }, ...items];
}

/** Minus lowers the quantity and removes the item at zero. */
export function changeQuantity(items: ScannedItem[], productId: number, change: 1 | -1): ScannedItem[] {
  return items
    .map((i) => (i.productId === productId ? { ...i, quantity: Math.min(9999, i.quantity + change) } : i))
    .filter((i) => i.quantity > 0);
}

/**
 * A scanned item as the page shows it: the product's name, SKU and price, the line's total, and its
 * stock at the list's location and in all (issue #32).
 */
export type ScannedLine = ScannedItem & {
  name: string;
  sku: string;
  price: string;
  total: string;
  stockHere: number;
  stockTotal: number;
};
