import { fromCents, parseMoney, parsePercent, toCents } from "~/models/money";

/**
 * A campaign price from the original selling price: a percent off (0-100, up to two decimals)
 * or a price of its own. Rounded to the cent, half up. Null when the input is not usable.
 */
export type Discount = { kind: "percent"; value: string } | { kind: "price"; value: string };

export function campaignPrice(original: string, discount: Discount): string | null {
  if (discount.kind === "price") return parseMoney(discount.value);
  const percent = parsePercent(discount.value);
  if (percent === null) return null;
  // percent in hundredths: price x (10000 - p) / 10000, rounded to cents
  return fromCents(Math.round((toCents(original) * (10_000 - percent)) / 10_000));
}
