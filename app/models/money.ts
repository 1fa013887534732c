/**
 * Money as the app handles it: decimal strings with two decimals ("1299.90") on the wire and in
 * storage, whole cents for arithmetic. Input accepts a decimal comma ("12,50") as Finnish users type.
 */

const MONEY_PATTERN = /^\d{1,8}(?:[.,]\d{1,2})?$/;
const NUMBER_PATTERN = /^-?\d+(?:[.,]\d+)?$/;

/** The largest amount a price column holds (decimal(10,2)). */
export const MAX_MONEY = "99999999.99";

/** Why a text is not an amount: each says what to change. */
export type AmountProblem = "format" | "negative" | "tooLarge" | "decimals";

/** What is wrong with an amount the user typed, or null when parseMoney accepts it. */
export function moneyProblem(input: string | number): AmountProblem | null {
  const text = compact(input);
  if (MONEY_PATTERN.test(text)) return null;
  return numberProblem(text, 8);
}

/** The problem of a number that is not a well-formed amount, in the order a user fixes them. */
function numberProblem(text: string, wholeDigits: number): AmountProblem {
  if (!NUMBER_PATTERN.test(text)) return "format";
  if (text.startsWith("-")) return "negative";
  const [whole, fraction = ""] = text.split(/[.,]/);
  if (whole.replace(/^0+(?=\d)/, "").length > wholeDigits) return "tooLarge";
  return fraction.length > 2 ? "decimals" : "format";
}

function compact(input: string | number) {
  return typeof input === "number" ? String(input) : input.trim().replace(/[\s\u00a0]/g, "");
}

/** "15", "12,5" -> hundredths of a percent (1500, 1250); null outside 0-100 or malformed. */
export function parsePercent(input: string | number): number | null {
  return percentProblem(input) === null ? Math.round(Number(compact(input).replace(",", ".")) * 100) : null;
}

/** What is wrong with a percentage (0 to 100, at most two decimals), or null when it is one. */
export function percentProblem(input: string | number): AmountProblem | null {
  const text = compact(input);
  if (/^\d{1,3}(?:[.,]\d{1,2})?$/.test(text)) {
    return Number(text.replace(",", ".")) <= 100 ? null : "tooLarge";
  }
  return numberProblem(text, 3);
}

/** "12,5" -> "12.50"; null when the text is not a non-negative amount with at most two decimals. */
export function parseMoney(input: string | number): string | null {
  const text = compact(input);
  if (!MONEY_PATTERN.test(text)) return null;
  const [whole, fraction = ""] = text.replace(",", ".").split(".");
  return `${Number(whole)}.${fraction.padEnd(2, "0")}`;
}

export function toCents(amount: string): number {
  const [whole, fraction = ""] = amount.split(".");
  const sign = whole.startsWith("-") ? -1 : 1;
  return sign * (Math.abs(Number(whole)) * 100 + Number(fraction.padEnd(2, "0").slice(0, 2)));
}

export function fromCents(cents: number): string {
  const sign = cents < 0 ? "-" : "";
  const abs = Math.abs(Math.round(cents));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
}

/** An amount times a quantity, exactly ("19.90" x 3 = "59.70"): a line total, a stock's value. */
export function timesQuantity(amount: string, quantity: number): string {
  return fromCents(toCents(amount) * quantity);
}

/**
 * An amount in cents as a bigint, for sums that may pass 2^53 cents (a report's total of stock
 * values): "1234.50" -> 123450n. Null when the text is not a decimal with at most two decimals.
 */
export function toBigCents(amount: string): bigint | null {
  const match = /^(-?)(\d+)(?:\.(\d{1,2}))?$/.exec(amount.trim());
  if (!match) return null;
  const cents = BigInt(match[2]) * 100n + BigInt((match[3] ?? "").padEnd(2, "0"));
  return match[1] ? -cents : cents;
}

/** 123450n -> "1234.50": the inverse of toBigCents. */
export function fromBigCents(cents: bigint): string {
  const abs = cents < 0n ? -cents : cents;
  return `${cents < 0n ? "-" : ""}${abs / 100n}.${String(abs % 100n).padStart(2, "0")}`;
}
