/** GS1 check digits for EAN-8 and EAN-13 barcodes (pure; shared by browser and server). */

/** The check digit for the 7 or 12 leading digits of an EAN-8 or EAN-13. */
export function eanCheckDigit(digits: string): number {
  let sum = 0;
  // From the right, weights alternate 3, 1, 3 ... starting next to the check digit.
  for (let i = 0; i < digits.length; i++) {
    const digit = Number(digits[digits.length - 1 - i]);
    sum += i % 2 === 0 ? digit * 3 : digit;
  }
  return (10 - (sum % 10)) % 10;
}

/** True for 8 or 13 digits whose last digit is the right check digit. */
export function isValidEan(code: string): boolean {
  if (!/^(\d{8}|\d{13})$/.test(code)) return false;
  return eanCheckDigit(code.slice(0, -1)) === Number(code.at(-1));
}
