/**
 * IMEI numbers (issue #31): 15 digits, the last a Luhn check digit over the first 14 (3GPP TS
 * 23.003). Pure: the receipt's check, its tests and any page may use it.
 */

/** The Luhn check digit of a run of digits: every second digit from the right doubled. */
export function luhnCheckDigit(digits: string): number {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 0) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return (10 - (sum % 10)) % 10;
}

export type ImeiProblem = "imeiLength" | "imeiCheckDigit";

/** What is wrong with an IMEI: not 15 digits, or a check digit that does not fit; null: valid. */
export function imeiProblem(text: string): ImeiProblem | null {
  if (!/^\d{15}$/.test(text)) return "imeiLength";
  return luhnCheckDigit(text.slice(0, 14)) === Number(text[14]) ? null : "imeiCheckDigit";
}

export function isValidImei(text: string): boolean {
  return imeiProblem(text) === null;
}
