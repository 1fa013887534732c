/**
 * Why stock moved (issue #15): the reasons of the movement ledger and which way each one moves
 * stock. Shared by the server (schemas, the write path) and the browser (the form's select).
 */
export const STOCK_REASONS = [
  "receipt",
  "sale",
  "return",
  "damage",
  "count",
  "adjustment",
  "opening",
  // A transfer between locations (issue #32): out of its source when sent, into its destination
  // when received; what it carries is in transit between the two.
  "transfer_out",
  "transfer_in",
] as const;
export type StockReason = (typeof STOCK_REASONS)[number];

/** What staff and API clients may record by hand: never an opening (a product's first level). */
export const MANUAL_REASONS = ["receipt", "sale", "return", "damage", "count", "adjustment"] as const;
export type ManualReason = (typeof MANUAL_REASONS)[number];

/**
 * What a product edit may call its change of stock level (a sale is an order's or a till's
 * movement, not a retyped level). Without one, a change is an adjustment.
 */
export const EDIT_REASONS = ["receipt", "return", "damage", "count", "adjustment"] as const;
export type EditReason = (typeof EDIT_REASONS)[number];

export type StockDirection = "in" | "out" | "either";

/**
 * Which way a reason moves stock: goods received, returned or counted in at the start come in;
 * goods sold or damaged go out; a count or an adjustment sets things right either way.
 */
export function reasonDirection(reason: StockReason): StockDirection {
  switch (reason) {
    case "receipt":
    case "return":
    case "opening":
    case "transfer_in":
      return "in";
    case "sale":
    case "damage":
    case "transfer_out":
      return "out";
    case "count":
    case "adjustment":
      return "either";
  }
}

/** Whether a signed quantity moves stock the way its reason does (0 never does). */
export function quantityFitsReason(reason: StockReason, quantity: number): boolean {
  if (!Number.isInteger(quantity) || quantity === 0) return false;
  const direction = reasonDirection(reason);
  return direction === "either" || (direction === "in" ? quantity > 0 : quantity < 0);
}

/**
 * The reasons' rule as SQL, for the table's check constraint (the same rule as above), written as
 * PostgreSQL prints it back (`= any (array[...])`), so the schema comparison sees no change.
 */
export const REASON_DIRECTION_SQL =
  "(reason = any (array['receipt', 'return', 'opening', 'transfer_in']) and quantity > 0) or (reason = any (array['sale', 'damage', 'transfer_out']) and quantity < 0) or reason = any (array['count', 'adjustment'])";
