/**
 * Money as the app handles it: decimal strings with two decimals ("1299.90") on the wire and in
 * storage, whole cents for arithmetic. Input accepts a decimal comma ("12,50") as Finnish users type.
 */

const MONEY_PATTERN = /^\d{1,8}(?:[.,]\d{1,2})?$/;

/** "12,5" -> "12.50"; null when the text is not a non-negative amount with at most two decimals. */
export function parseMoney(input: string | number): string | null {
  const text = typeof input === "number" ? String(input) : input.trim().replace(/[\s\u00a0]/g, "");
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
