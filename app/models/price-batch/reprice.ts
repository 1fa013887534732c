import { MAX_MONEY, toCents } from "~/models/money";

/**
 * Bulk repricing's rules (issue #29 item 3), pure and shared with the browser: what a rule makes
 * of one product's prices, then the rounding ladder on the price incl. VAT (docs/decisions.md,
 * "Bulk repricing"). All arithmetic is in whole cents and hundredths of a percent, as bigints
 * where a product of three factors may pass 2^53.
 */

/**
 * - `percent`: the selling price +/- a percentage;
 * - `euros`: the selling price +/- an amount (VAT included, as selling prices are);
 * - `markup`: the net cost (purchase price excl. VAT) + a markup percentage, plus VAT;
 * - `margin`: the selling price that gives a target margin (margin.ts's definition);
 * - `supplierCost`: the purchase price +/- a percentage (a supplier's new price list), the selling
 *   price kept; rounding does not apply to a purchase price.
 * - `undo`: a batch that restores another batch's old prices (written by the undo, never chosen).
 */
export const REPRICE_RULES = ["percent", "euros", "markup", "margin", "supplierCost"] as const;
export type RepriceRuleKind = (typeof REPRICE_RULES)[number];
export const BATCH_RULES = [...REPRICE_RULES, "undo"] as const;
export type BatchRule = (typeof BATCH_RULES)[number];

/** The ladder's endings: none (to the cent), x,90, x,95, x,99, whole euros. */
export const ROUNDINGS = ["none", "90", "95", "99", "whole"] as const;
export type Rounding = (typeof ROUNDINGS)[number];

/** Percentages a rule accepts, in hundredths of a percent: -99 % to 1000 %. */
export const MIN_PERCENT = -9_900;
export const MAX_PERCENT = 100_000;
/** A target margin must stay under 100 % (a margin of 100 % has no price). */
export const MAX_TARGET_MARGIN = 9_999;
export const MAX_PRICE_CENTS = toCents(MAX_MONEY);

export type RepriceRule = {
  kind: RepriceRuleKind;
  /** hundredths of a percent (percent, markup, margin, supplierCost) or cents (euros), signed */
  value: number;
};

/** The ladder: `ending` for every price, or `above.ending` from `above.fromCents` (incl. VAT) up. */
export type RoundingLadder = { ending: Rounding; above?: { fromCents: number; ending: Rounding } | null };

export type PricedProduct = {
  sellingPrice: string;
  purchasePrice: string;
  vatInclusive: boolean;
  /** VAT percent, e.g. "25.50" or 25.5 */
  vatRate: string | number;
};

/** Which field of the rule a refused price comes from, and what is wrong with it. */
export type RepriceRefusal = { field: "value" | "rounding"; problem: "zeroOrLess" | "tooLarge" };

export type Repriced =
  | { ok: true; sellingCents: number; purchaseCents: number }
  | ({ ok: false } & RepriceRefusal);

/** The rule's value out of its range, or null: percentages -99..1000, a target margin under 100. */
export function ruleValueProblem(rule: RepriceRule): "tooSmall" | "tooLarge" | null {
  if (rule.kind === "euros") {
    return Math.abs(rule.value) > MAX_PRICE_CENTS ? "tooLarge" : null;
  }
  if (rule.value < MIN_PERCENT) return "tooSmall";
  const max = rule.kind === "margin" ? MAX_TARGET_MARGIN : MAX_PERCENT;
  return rule.value > max ? "tooLarge" : null;
}

/** Half away from zero, of a / b (b > 0). */
function divide(a: bigint, b: bigint): number {
  const negative = a < 0n;
  const abs = negative ? -a : a;
  const quotient = (abs * 2n + b) / (2n * b);
  return Number(negative ? -quotient : quotient);
}

/** The VAT rate in hundredths of a percent (25.5 -> 2550). */
function rateBasis(vatRate: string | number): bigint {
  return BigInt(Math.round(Number(vatRate) * 100));
}

/** The rule's price incl. VAT (or, for supplierCost, the new purchase price), to the cent. */
function ruled(product: PricedProduct, rule: RepriceRule): number {
  const selling = BigInt(toCents(product.sellingPrice));
  const purchase = BigInt(toCents(product.purchasePrice));
  const value = BigInt(rule.value);
  const rate = rateBasis(product.vatRate);
  switch (rule.kind) {
    case "percent":
      return divide(selling * (10_000n + value), 10_000n);
    case "euros":
      return Number(selling + value);
    case "supplierCost":
      return divide(purchase * (10_000n + value), 10_000n);
    case "markup":
      // net cost x (1 + markup) x (1 + VAT); a purchase price incl. VAT is net cost x (1 + VAT).
      return product.vatInclusive
        ? divide(purchase * (10_000n + value), 10_000n)
        : divide(purchase * (10_000n + rate) * (10_000n + value), 100_000_000n);
    case "margin":
      // margin = (net selling - net cost) / net selling, so net selling = net cost / (1 - margin).
      return product.vatInclusive
        ? divide(purchase * 10_000n, 10_000n - value)
        : divide(purchase * (10_000n + rate), 10_000n - value);
  }
}

/** The price with the ending nearest to it (a tie goes up): 105,00 to .90 is 104,90. */
export function roundTo(cents: number, ending: Rounding): number {
  if (ending === "none") return cents;
  const end = ending === "whole" ? 0 : Number(ending);
  const same = Math.floor(cents / 100) * 100 + end;
  const candidates = [same - 100, same, same + 100];
  let best = candidates[0];
  for (const candidate of candidates) {
    if (Math.abs(candidate - cents) <= Math.abs(best - cents)) best = candidate;
  }
  return best;
}

/** The ladder's price: the band is chosen by the price before rounding. */
export function roundPrice(cents: number, ladder: RoundingLadder): number {
  const ending = ladder.above && cents >= ladder.above.fromCents ? ladder.above.ending : ladder.ending;
  return roundTo(cents, ending);
}

function rangeProblem(cents: number): RepriceRefusal["problem"] | null {
  if (cents <= 0) return "zeroOrLess";
  if (cents > MAX_PRICE_CENTS) return "tooLarge";
  return null;
}

/**
 * One product's new prices: the rule, then the ladder (selling prices only). Refused, naming the
 * field, when the rule or the rounding gives a selling price of zero or less or over
 * 99 999 999,99 (a purchase price may be zero, not over the maximum).
 */
export function reprice(product: PricedProduct, rule: RepriceRule, ladder: RoundingLadder): Repriced {
  const purchaseCents = toCents(product.purchasePrice);
  if (rule.kind === "supplierCost") {
    const cost = ruled(product, rule);
    if (cost > MAX_PRICE_CENTS) return { ok: false, field: "value", problem: "tooLarge" };
    return { ok: true, sellingCents: toCents(product.sellingPrice), purchaseCents: Math.max(0, cost) };
  }
  const price = ruled(product, rule);
  const ruleProblem = rangeProblem(price);
  if (ruleProblem) return { ok: false, field: "value", problem: ruleProblem };
  const rounded = roundPrice(price, ladder);
  const roundingProblem = rangeProblem(rounded);
  if (roundingProblem) return { ok: false, field: "rounding", problem: roundingProblem };
  return { ok: true, sellingCents: rounded, purchaseCents };
}
