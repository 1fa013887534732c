/**
 * Stock counts (issue #15 item 5): the rules the server and the browser share. A count covers the
 * whole shop, a category (with its subcategories) or a shelf (the products' location), optionally
 * only the products not counted for some days; staff scan or type each product's code and the
 * quantity on the shelf; the commit turns each difference into a count movement of the ledger.
 */

export const COUNT_SCOPES = ["shop", "category", "shelf"] as const;
export type CountScope = (typeof COUNT_SCOPES)[number];

export const COUNT_STATUSES = ["open", "committed", "cancelled"] as const;
export type CountStatus = (typeof COUNT_STATUSES)[number];

/**
 * How a scanned or typed line changes the line of its product: `add` adds (a scanner's second read
 * of the same EAN is one more unit), `set` replaces (a typed quantity is what is on the shelf).
 */
export const LINE_MODES = ["add", "set"] as const;
export type LineMode = (typeof LINE_MODES)[number];

/** The most one product's line may count: more is a typing mistake (a barcode in the quantity). */
export const MAX_COUNTED = 100_000;
/** "Not counted for N days": from a day to ten years. */
export const MAX_NOT_COUNTED_DAYS = 3650;
/** The longest shelf (location) name, as the product's column. */
export const MAX_LOCATION = 50;

/** The line a scan or a typed quantity leaves: no quantity adds one unit (a scan). */
export function lineMode(quantity: number | null, mode?: LineMode | null): LineMode {
  return mode ?? (quantity === null ? "add" : "set");
}

/** The difference a line commits: counted minus the stock when the line was last counted. */
export function lineDifference(line: { counted: number; expected: number | null }): number | null {
  return line.expected === null ? null : line.counted - line.expected;
}

/** How a difference shows: "+3", "−2" (a true minus), "0". */
export function signed(difference: number): string {
  if (difference > 0) return `+${difference}`;
  if (difference < 0) return `\u2212${Math.abs(difference)}`;
  return "0";
}

/** A difference's tone on the page: more found than expected, less, or as expected. */
export function differenceTone(difference: number | null): "surplus" | "shortage" | "even" {
  if (!difference) return "even";
  return difference > 0 ? "surplus" : "shortage";
}
