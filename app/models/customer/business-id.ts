/**
 * The Finnish business ID (Y-tunnus), "1234567-8": seven digits and a check digit. Its EU VAT
 * number is "FI" and the eight digits without the hyphen ("FI12345678").
 *
 * Accepted input, spaces around allowed: "1234567-8"; the older six-digit form, which gets its
 * leading zero ("123456-7" -> "0123456-7"); and the VAT number "FI12345678" (any letter case).
 *
 * Check digit: the seven digits weighted 7, 9, 10, 5, 8, 4, 2; remainder = sum mod 11; remainder 0
 * gives check digit 0, remainder 1 is never issued (no ID is valid), otherwise 11 - remainder.
 */

export type BusinessIdResult =
  | { ok: true; businessId: string; vatNumber: string }
  | { ok: false; reason: "format" | "checkDigit" };

const WEIGHTS = [7, 9, 10, 5, 8, 4, 2];

export function parseBusinessId(text: string): BusinessIdResult {
  const input = text.trim();
  const match = /^(\d{6,7})-(\d)$/.exec(input) ?? /^FI(\d{7})(\d)$/i.exec(input);
  if (!match) return { ok: false, reason: "format" };
  const digits = match[1].padStart(7, "0");
  const check = checkDigit(digits);
  if (check === null || check !== Number(match[2])) return { ok: false, reason: "checkDigit" };
  return { ok: true, businessId: `${digits}-${check}`, vatNumber: `FI${digits}${check}` };
}

/** The check digit of seven digits, or null when their remainder is 1 (no such ID exists). */
export function checkDigit(digits: string): number | null {
  const remainder = WEIGHTS.reduce((sum, weight, i) => sum + weight * Number(digits[i]), 0) % 11;
  if (remainder === 1) return null;
  return remainder === 0 ? 0 : 11 - remainder;
}
