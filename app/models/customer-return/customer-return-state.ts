/**
 * A customer return's statuses, reasons and outcomes (issue #31, item 5), and the rules that follow
 * from them. Pure: the server checks every change here and the pages offer only what it allows. The
 * reason and the outcome are plain columns of each line, so the reports can group by them.
 *
 *   draft -> completed (every move of stock, defective stock, units and the customer's totals,
 *            in one transaction) | cancelled
 *   completed, cancelled: final
 */

export const RETURN_STATUSES = ["draft", "completed", "cancelled"] as const;
export type ReturnStatus = (typeof RETURN_STATUSES)[number];

/** Why the goods came back. */
export const RETURN_REASONS = ["defective", "wrong_item", "change_of_mind", "guarantee_claim"] as const;
export type ReturnReason = (typeof RETURN_REASONS)[number];

/** What the shop does about them. */
export const RETURN_OUTCOMES = ["back_to_stock", "defective_stock", "replaced", "refunded"] as const;
export type ReturnOutcome = (typeof RETURN_OUTCOMES)[number];

/** The moves a person makes (the page's buttons, `POST /api/returns/{id}/transition`). */
export const RETURN_TRANSITIONS = ["completed", "cancelled"] as const;
export type ReturnTransition = (typeof RETURN_TRANSITIONS)[number];

/** Only goods that left the shop come back: an order shipped or delivered. */
export const RETURNABLE_ORDER_STATUSES: readonly string[] = ["shipped", "delivered"];

export function isReturnable(orderStatus: string): boolean {
  return RETURNABLE_ORDER_STATUSES.includes(orderStatus);
}

/** A draft is changed, completed or cancelled; a completed or cancelled return stays as it is. */
export function canEditReturn(status: string): boolean {
  return status === "draft";
}

export function returnMoves(status: string): readonly ReturnTransition[] {
  return status === "draft" ? RETURN_TRANSITIONS : [];
}

export function canMoveReturn(from: string, to: string): boolean {
  return (returnMoves(from) as readonly string[]).includes(to);
}

/**
 * Where the returned goods go: back to the sellable stock, or to the defective stock (not
 * sellable, for a supplier claim). `back_to_stock` and `defective_stock` say it; a replaced or
 * refunded line's goods are defective when the reason says the product is faulty (defective, a
 * guarantee claim), else they go back to stock (a wrong item, a change of mind: unopened goods).
 */
export function goodsGoTo(reason: ReturnReason, outcome: ReturnOutcome): "stock" | "defective" {
  if (outcome === "back_to_stock") return "stock";
  if (outcome === "defective_stock") return "defective";
  return reason === "defective" || reason === "guarantee_claim" ? "defective" : "stock";
}
