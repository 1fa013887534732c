/**
 * A supplier claim's statuses and the outcomes of its lines (issue #31 item 6). Pure: the server
 * checks every change here and the pages offer only what is allowed.
 *
 *   draft -> sent (e-mailed to the supplier, or marked sent; the defective units leave for it)
 *   sent -> closed (by itself, once every line has its outcome)
 *   a draft is changed or deleted; a sent or closed claim is neither
 */

export const CLAIM_STATUSES = ["draft", "sent", "closed"] as const;
export type ClaimStatus = (typeof CLAIM_STATUSES)[number];

/**
 * What the supplier did with a line: credited its value (or a part), replaced its units (new ones
 * come into stock) or refused it (the units come back to defective stock).
 */
export const CLAIM_OUTCOMES = ["credited", "replaced", "refused"] as const;
export type ClaimOutcome = (typeof CLAIM_OUTCOMES)[number];

/** The statuses a transition may name (`POST /api/supplier-claims/:id/transition`). */
export const CLAIM_TRANSITION_TARGETS = ["sent"] as const;

/** Lines, notes and quantities change, and the claim is deleted, only while it is a draft. */
export function canEditClaim(status: string): boolean {
  return status === "draft";
}

/** Only a draft is sent. */
export function canSendClaim(status: string): boolean {
  return status === "draft";
}

/** Outcomes are recorded on a sent claim's lines that have none yet. */
export function canSettleClaim(status: string): boolean {
  return status === "sent";
}

/** A sent claim closes when every line has its outcome. */
export function statusAfterOutcomes(lines: { outcome: string | null }[]): ClaimStatus {
  return lines.every((line) => line.outcome !== null) ? "closed" : "sent";
}
