/**
 * A transfer's statuses (issue #32). Pure: the server checks every move here and the pages offer
 * only what is allowed.
 *
 *   draft -> sent (the stock leaves the source: it is in transit)
 *   sent -> received (it arrives at the destination; what did not arrive is a loss with a reason)
 *   draft -> cancelled
 *   a draft is changed or deleted; a sent, received or cancelled transfer is neither
 */

export const TRANSFER_STATUSES = ["draft", "sent", "received", "cancelled"] as const;
export type TransferStatus = (typeof TRANSFER_STATUSES)[number];

/** The statuses a transition may name (`POST /api/transfers/:id/transition`). */
export const TRANSFER_TRANSITION_TARGETS = ["sent", "received", "cancelled"] as const;
export type TransferTarget = (typeof TRANSFER_TRANSITION_TARGETS)[number];

/** Why units sent did not arrive. */
export const TRANSFER_LOSS_REASONS = ["lost", "damaged", "other"] as const;
export type TransferLossReason = (typeof TRANSFER_LOSS_REASONS)[number];

/** Whether a transfer in `from` may move to `to`. */
export function canMoveTransfer(from: string, to: string): boolean {
  if (from === "draft") return to === "sent" || to === "cancelled";
  if (from === "sent") return to === "received";
  return false;
}

/** Lines, locations and note change, and the transfer is deleted, only while it is a draft. */
export function canEditTransfer(status: string): boolean {
  return status === "draft";
}

/** Open: it still names its locations' stock (a draft to send, or sent and on its way). */
export function isOpenTransfer(status: string): boolean {
  return status === "draft" || status === "sent";
}
