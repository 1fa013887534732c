import { fromCents, toCents } from "./money";

/**
 * The margin rule (DECISIONS.md, "Money, VAT and margin"), the one place it is computed in
 * JavaScript; `marginSql` in margin.server.ts is the same formula for the database.
 *
 * Selling prices include VAT. vatInclusive says whether the PURCHASE price does.
 *   net selling  = selling / (1 + rate)
 *   net purchase = vatInclusive ? purchase / (1 + rate) : purchase
 *   profit       = net selling - net purchase           (excl. VAT)
 *   margin %     = profit / net selling x 100
 * With vatInclusive this is the spec's (selling - purchase) / selling x 100.
 *
 * Arithmetic is exact: cents and the rate in hundredths of a percent are integers, and the
 * category is decided on the exact fraction, so 9.999... is low and 10 is medium.
 */

export type MarginCategory = "low" | "medium" | "high";

export const LOW_MARGIN_BELOW = 10;
export const HIGH_MARGIN_FROM = 20;

export type MarginInput = {
  purchasePrice: string;
  sellingPrice: string;
  vatInclusive: boolean;
  /** VAT percent, e.g. 25.5 */
  vatRate: number;
};

export type MarginResult = {
  /** excl. VAT, two decimals */
  profit: string;
  /** one decimal */
  marginPercentage: number;
  marginCategory: MarginCategory;
  vatInclusive: boolean;
};

export function calculateMargin(input: MarginInput): MarginResult {
  const { numerator, denominator, profitCents } = exactMargin(input);
  return {
    profit: fromCents(roundHalfAwayFromZero(profitCents)),
    marginPercentage: roundedPercent(numerator, denominator, 1),
    marginCategory: categoryOf(numerator, denominator),
    vatInclusive: input.vatInclusive,
  };
}

function exactMargin({ purchasePrice, sellingPrice, vatInclusive, vatRate }: MarginInput) {
  const selling = toCents(sellingPrice);
  const purchase = toCents(purchasePrice);
  if (selling <= 0) throw new RangeError("The selling price must be above zero");
  const rateBasis = 10_000 + Math.round(vatRate * 100); // (1 + rate) in ten-thousandths
  // margin % = numerator / denominator x 100, all integers (both sides multiplied by 1 + rate)
  const numerator = vatInclusive ? (selling - purchase) * 10_000 : selling * 10_000 - purchase * rateBasis;
  const denominator = selling * 10_000;
  // profit in cents = net selling - net purchase
  const profitCents = vatInclusive
    ? ((selling - purchase) * 10_000) / rateBasis
    : (selling * 10_000) / rateBasis - purchase;
  return { numerator, denominator, profitCents };
}

function roundedPercent(numerator: number, denominator: number, decimals: number) {
  const scale = 10 ** decimals;
  return roundHalfAwayFromZero((numerator * 100 * scale) / denominator) / scale;
}

/** The category of an exact margin numerator/denominator (denominator > 0). */
function categoryOf(numerator: number, denominator: number): MarginCategory {
  if (numerator * 100 < LOW_MARGIN_BELOW * denominator) return "low";
  if (numerator * 100 < HIGH_MARGIN_FROM * denominator) return "medium";
  return "high";
}

/**
 * Whether a price is below cost: the net margin under zero (the net selling price under the net
 * purchase price), decided exactly, not on the rounded percentage.
 */
export function isBelowCost(input: MarginInput): boolean {
  return exactMargin(input).numerator < 0;
}

/**
 * A purchase price without VAT, to the cent (half up): the margin's net purchase, a purchase order
 * line's default unit cost, a document line's cost; `purchaseCostSql` (stock-value-sql.ts) is the
 * same in SQL, the product's stored purchase_cost, and a test holds the two equal.
 */
export function netPurchasePrice(product: {
  purchasePrice: string;
  vatInclusive: boolean;
  vatRate: string | number;
}): string {
  if (!product.vatInclusive) return fromCents(toCents(product.purchasePrice));
  const rateBasis = 10_000 + Math.round(Number(product.vatRate) * 100);
  return fromCents(roundHalfAwayFromZero((toCents(product.purchasePrice) * 10_000) / rateBasis));
}

/**
 * The margin of amounts already without VAT (a sales report's net sales and their cost, in
 * cents): profit / net sales x 100, the same definition as a product's, rounded once to one
 * decimal. Null when nothing was sold (no net sales): a margin of nothing is undefined.
 */
export function netSalesMargin(netSalesCents: number, costCents: number): number | null {
  if (netSalesCents <= 0) return null;
  return roundedPercent(netSalesCents - costCents, netSalesCents, 1);
}

/** The category of a margin percentage already computed (e.g. by the database). */
export function marginCategory(percentage: number): MarginCategory {
  if (percentage < LOW_MARGIN_BELOW) return "low";
  if (percentage < HIGH_MARGIN_FROM) return "medium";
  return "high";
}

function roundHalfAwayFromZero(value: number) {
  const rounded = Math.sign(value) * Math.round(Math.abs(value));
  return rounded === 0 ? 0 : rounded; // never -0
}
