/**
 * Products sold by measure (issue #30): the unit a product's price is compared per, and how much
 * of it the product holds (a 5 m cable, a 0.75 l bottle). Pure; shared by the browser and the
 * server. Finnish rules require the unit price on a label where it differs from the price.
 */
export const MEASURE_UNITS = ["m", "kg", "l"] as const;
export type MeasureUnit = (typeof MEASURE_UNITS)[number];

/** The net quantity's column, numeric(10,3): up to 9,999,999.999 of its unit. */
export const NET_QUANTITY_DECIMALS = 3;
const NET_QUANTITY_WHOLE_DIGITS = 7;

/** Why a text is not a net quantity: each says what to change. */
export type NetQuantityProblem = "format" | "aboveZero" | "tooLarge" | "decimals";

const QUANTITY_PATTERN = /^\d+(?:[.,]\d+)?$/;

function compact(input: string | number): string {
  return typeof input === "number" ? String(input) : input.trim().replace(/[\s\u00a0\u202f]/g, "");
}

/** What is wrong with a net quantity typed or sent, or null when it is one. */
export function netQuantityProblem(input: string | number): NetQuantityProblem | null {
  const text = compact(input);
  if (text.startsWith("-") && QUANTITY_PATTERN.test(text.slice(1))) return "aboveZero";
  // JSON's 1e309 is Infinity, 1e-7 writes itself with an exponent: neither is a quantity.
  if (!QUANTITY_PATTERN.test(text)) return "format";
  const [whole, fraction = ""] = text.split(/[.,]/);
  if (whole.replace(/^0+(?=\d)/, "").length > NET_QUANTITY_WHOLE_DIGITS) return "tooLarge";
  if (fraction.length > NET_QUANTITY_DECIMALS) return "decimals";
  if (/^0*$/.test(whole + fraction)) return "aboveZero";
  return null;
}

/** "5", "0,750", 1.5 -> "5", "0.75", "1.5" (no trailing zeros); null when it is not a net quantity. */
export function parseNetQuantity(input: string | number): string | null {
  if (netQuantityProblem(input) !== null) return null;
  return netQuantityText(compact(input).replace(",", "."));
}

/** A stored quantity ("5.000", "0.750") as people write it: "5", "0.75". */
export function netQuantityText(stored: string): string {
  const [whole, fraction = ""] = stored.split(".");
  const kept = fraction.replace(/0+$/, "");
  const digits = whole.replace(/^0+(?=\d)/, "");
  return kept ? `${digits}.${kept}` : digits;
}

/** How many decimals a quantity shows ("0.75": 2), for a number formatter. */
export function netQuantityDecimals(quantity: string): number {
  return quantity.split(".")[1]?.length ?? 0;
}
