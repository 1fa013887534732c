import { fromCents, parseMoney, toCents } from "~/models/money";
import { HUNDRED_PERCENT, percent, share, type VatBreakdownRow } from "~/models/order/document-amounts";

/**
 * A customer return's money and time (issue #31, item 5). Pure: the server stores these figures and
 * the pages show them from the same code. Amounts are euros as text with two decimals, VAT included
 * (as the order's lines), arithmetic in whole cents, rounding half up.
 */

/**
 * What the customer paid for one unit of an order line, VAT included: the line's unit price after
 * the order's discount, round(unit price x (100 - discount %) / 100) to the cent, the price the
 * order's margins are reckoned at (document-amounts.ts, rule 5).
 */
export function paidPerUnit(unitPrice: string, discountPercent: string): string {
  const discount = percent(discountPercent, "discount");
  return fromCents(share(toCents(unitPrice), HUNDRED_PERCENT - discount, HUNDRED_PERCENT));
}

/** The most a line refunds, and its default: what was paid for its units. */
export function refundLimit(unitPaid: string, quantity: number): string {
  return fromCents(toCents(unitPaid) * quantity);
}

/** A refund asked for as text: a valid amount (money.ts), or null when the text is not one. */
export function readRefund(text: string): string | null {
  return parseMoney(text);
}

export type RefundAmounts = {
  /** the refunded amounts' sum, VAT included */
  total: string;
  /** the VAT in it, per rate summed */
  tax: string;
  /** total - tax */
  net: string;
  /** one row per VAT rate, highest first */
  vatBreakdown: VatBreakdownRow[];
};

/**
 * The refund's VAT per rate: each rate's refunded gross, its VAT round(gross x rate / (100 + rate))
 * and its net, so the rows add up to the total to the cent (as an order's breakdown does).
 */
export function refundAmounts(lines: { refundAmount: string | null; vatRate: string }[]): RefundAmounts {
  const groups = new Map<number, number>();
  for (const line of lines) {
    if (line.refundAmount === null) continue;
    const rate = percent(line.vatRate, "VAT rate");
    groups.set(rate, (groups.get(rate) ?? 0) + toCents(line.refundAmount));
  }
  const rows = [...groups]
    .sort(([a], [b]) => b - a)
    .map(([rate, gross]) => ({ rate, gross, vat: share(gross, rate, HUNDRED_PERCENT + rate) }));
  const total = rows.reduce((sum, row) => sum + row.gross, 0);
  const tax = rows.reduce((sum, row) => sum + row.vat, 0);
  return {
    total: fromCents(total),
    tax: fromCents(tax),
    net: fromCents(total - tax),
    vatBreakdown: rows.map((row) => ({
      rate: fromCents(row.rate),
      net: fromCents(row.gross - row.vat),
      vat: fromCents(row.vat),
      gross: fromCents(row.gross),
    })),
  };
}

/** Days from one calendar day (YYYY-MM-DD) to another. */
function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/**
 * A unit's age on a day since the day it was sold: whole months when it is a month old or more
 * (a month is reached on the same day of the month, or the month's last day when shorter), else days.
 */
export function unitAge(soldOn: string, on: string): { months: number } | { days: number } {
  const [y1, m1, d1] = soldOn.split("-").map(Number);
  const [y2, m2, d2] = on.split("-").map(Number);
  const lastDay = new Date(Date.UTC(y2, m2, 0)).getUTCDate();
  let months = (y2 - y1) * 12 + (m2 - m1);
  if (d2 < d1 && d2 < lastDay) months -= 1;
  if (months >= 1) return { months };
  return { days: Math.max(0, daysBetween(soldOn, on)) };
}

/**
 * Whether a unit's guarantee has ended on a day: its last day is before it. No guarantee end (none
 * stated) never ends here. Ended or not, a claim is never refused for it: the seller's liability for
 * defects (Finnish consumer law) outlasts the guarantee.
 */
export function guaranteeEnded(guaranteeEnds: string | null, on: string): boolean {
  return guaranteeEnds !== null && guaranteeEnds < on;
}
