/**
 * A net quantity typed or sent, and as stored (measure.ts): the schema's and the server's, kept
 * apart from the units the browser's form lists so that the form's bundle does not carry them.
 */
import { NET_QUANTITY_DECIMALS, NET_QUANTITY_WHOLE_DIGITS } from "./measure";

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
