/**
 * A purchase order's statuses and the only moves between them (issue #15 item 4). Shared by the
 * server (every change is checked here) and the pages (which offer only the moves allowed).
 *
 *   draft -> sent (e-mailed to the supplier, or marked sent) | cancelled
 *   sent -> partially_received | received (by receiving goods) | cancelled (nothing received yet)
 *   partially_received -> partially_received | received (by receiving the rest), or closed: moved to
 *     received with the rest never coming (`closedAt` says so); a partly received order is never
 *     cancelled, since goods on it are in stock
 *   received, cancelled: final
 */

export const PURCHASE_ORDER_STATUSES = [
  "draft",
  "sent",
  "partially_received",
  "received",
  "cancelled",
] as const;
export type PurchaseOrderStatus = (typeof PURCHASE_ORDER_STATUSES)[number];

/** The moves a person makes with a button (or the API's transition); receiving moves by itself. */
export const MANUAL_MOVES: { readonly [From in PurchaseOrderStatus]: readonly PurchaseOrderStatus[] } = {
  draft: ["sent", "cancelled"],
  sent: ["cancelled"],
  // "Close": what is not received will not come.
  partially_received: ["received"],
  received: [],
  cancelled: [],
};

/** The statuses a transition may name (`POST /api/purchase-orders/:id/transition`). */
export const TRANSITION_TARGETS = ["sent", "cancelled", "received"] as const;
export type TransitionTarget = (typeof TRANSITION_TARGETS)[number];

function isStatus(value: string): value is PurchaseOrderStatus {
  return (PURCHASE_ORDER_STATUSES as readonly string[]).includes(value);
}

/** The moves a person may make from `from` (none from a final or unknown status). */
export function manualMoves(from: string): readonly PurchaseOrderStatus[] {
  return isStatus(from) ? MANUAL_MOVES[from] : [];
}

/** Whether a person may move a purchase order from one status to another. */
export function canMovePurchaseOrder(from: string, to: string): boolean {
  return (manualMoves(from) as readonly string[]).includes(to);
}

/** Lines and supplier change only while the order is a draft. */
export function canEditPurchaseOrder(status: string): boolean {
  return status === "draft";
}

/**
 * The expected day and the note change while the order is a draft or still open: a supplier moves
 * a delivery, a buyer notes why (Odoo's expected arrival, which stays editable once confirmed).
 */
export function canReschedulePurchaseOrder(status: string): boolean {
  return canEditPurchaseOrder(status) || (OPEN_STATUSES as readonly string[]).includes(status);
}

/** Goods are received against an order that was sent and is not yet wholly received. */
export function canReceive(status: string): boolean {
  return status === "sent" || status === "partially_received";
}

/** Orders whose units not yet received are still on their way (the reorder suggestion's "on order"). */
export const OPEN_STATUSES: readonly PurchaseOrderStatus[] = ["sent", "partially_received"];

/**
 * The status after a receipt: received when every line has come in full (or more), else partly.
 */
export function statusAfterReceipt(lines: { ordered: number; received: number }[]): PurchaseOrderStatus {
  return lines.every((line) => line.received >= line.ordered) ? "received" : "partially_received";
}
