import { calculateMargin, type MarginCategory } from "~/models/margin";
import { fromCents, parseMoney, parsePercent, toCents } from "~/models/money";

/**
 * The amounts of a quote or a sales order, the one definition (issue #13). Pure: the server stores
 * these figures and the editor shows them as the user types, from the same code.
 *
 * All arithmetic is in whole cents, percentages in hundredths of a percent; every rounding is half up
 * (amounts are never negative here) and happens at the steps named below, nowhere else.
 *
 * 1. Line gross. A unit price is charged including VAT (the shop's prices include it). A VAT-exclusive
 *    unit price is converted once per unit: round(price x (100 + rate) / 100) to the cent; the line
 *    total is that unit price x quantity. subtotal = the sum of line totals.
 * 2. Discount per VAT rate. Lines are grouped by VAT rate; each group's discount is
 *    round(group gross x discount % / 100), and discountAmount is the sum of the groups' discounts,
 *    so the VAT breakdown after the discount adds up exactly. totalAmount = subtotal - discountAmount.
 * 3. VAT per VAT rate. Each group's VAT = round(discounted group gross x rate / (100 + rate)), its net
 *    = discounted gross - VAT. taxAmount = the sum of the groups' VAT, netAmount = total - tax. So the
 *    breakdown's gross adds up to totalAmount, its VAT to taxAmount and its net to netAmount, to the cent.
 * 4. A line's own net and VAT split its lineTotal (before the customer discount, like the subtotal)
 *    by the same formula. They are for showing the line: the document's VAT is the per-rate figure of
 *    step 3, so the lines' VAT need not add up to taxAmount.
 * 5. Margin at the price actually charged: the unit price including VAT after the customer discount,
 *    round(unit gross x (100 - discount %) / 100) to the cent, with the margin rule and categories of
 *    margin.ts (purchase prices are without VAT). margin is null when that price is zero (a free
 *    line, a 100 % discount): a margin of nothing sold is undefined. belowCost says the charged net
 *    unit price (charged / (1 + rate)) is under the purchase price, decided on the exact fraction, so
 *    it is true exactly when the margin's profit is negative, even where the margin shows as 0.0.
 *
 * Negative prices or quantities, a fractional quantity, or a rate or discount outside 0-100 with at
 * most two decimals throw: callers validate input first.
 */

export type AmountLine = {
  /** Euros as text ("12.90"), including VAT when vatInclusive, else without. */
  unitPrice: string;
  quantity: number;
  /** The product's VAT percent as text ("25.50", "14.00", "10.00", "0.00"). */
  vatRate: string;
  /** Euros without VAT. */
  purchasePrice: string;
  /** Whether unitPrice includes VAT. */
  vatInclusive: boolean;
};

export type LineAmounts = {
  /** unit price incl. VAT x quantity, before the customer discount */
  lineTotal: string;
  /** lineTotal without its VAT */
  net: string;
  /** the VAT in lineTotal */
  vat: string;
  /** margin % (one decimal) at the charged price, null when nothing is charged */
  margin: number | null;
  marginCategory: MarginCategory | null;
  /** the charged net unit price is under the purchase price */
  belowCost: boolean;
};

export type VatBreakdownRow = {
  /** the VAT percent, two decimals ("25.50") */
  rate: string;
  /** after the customer discount, like gross and vat */
  net: string;
  vat: string;
  gross: string;
};

export type DocumentAmounts = {
  lines: LineAmounts[];
  /** sum of line totals including VAT, before the customer discount */
  subtotal: string;
  /** the customer's discount, including VAT */
  discountAmount: string;
  /** the VAT in totalAmount */
  taxAmount: string;
  /** subtotal - discountAmount: what the customer pays, VAT included */
  totalAmount: string;
  /** totalAmount - taxAmount */
  netAmount: string;
  /** one row per VAT rate, after the discount, highest rate first */
  vatBreakdown: VatBreakdownRow[];
};

/** 100 % in hundredths of a percent, the unit parsePercent answers in. */
export const HUNDRED_PERCENT = 10_000;

export function documentAmounts(lines: AmountLine[], discountPercent: string): DocumentAmounts {
  const discount = percent(discountPercent, "discount");
  const groups = new Map<number, number>(); // rate -> gross of its lines, in cents
  let subtotal = 0;

  const lineAmounts = lines.map((line) => {
    const rate = percent(line.vatRate, "VAT rate");
    const unitGross = grossUnitPrice(line, rate);
    const purchase = cents(line.purchasePrice, "purchase price");
    if (!Number.isInteger(line.quantity) || line.quantity < 0) {
      throw new RangeError(`A quantity must be a whole number, zero or more (got ${line.quantity})`);
    }
    const lineTotal = safe(unitGross * line.quantity);
    groups.set(rate, safe((groups.get(rate) ?? 0) + lineTotal));
    subtotal = safe(subtotal + lineTotal);
    const vat = vatIn(lineTotal, rate);
    return {
      lineTotal: fromCents(lineTotal),
      net: fromCents(lineTotal - vat),
      vat: fromCents(vat),
      ...chargedMargin(unitGross, purchase, rate, discount),
    };
  });

  const vatBreakdown = [...groups]
    .sort(([a], [b]) => b - a)
    .map(([rate, gross]) => {
      const discounted = gross - share(gross, discount, HUNDRED_PERCENT);
      const vat = vatIn(discounted, rate);
      return { rate, gross: discounted, vat, discount: gross - discounted };
    });

  const discountAmount = sum(vatBreakdown.map((row) => row.discount));
  const taxAmount = sum(vatBreakdown.map((row) => row.vat));
  const totalAmount = subtotal - discountAmount;
  return {
    lines: lineAmounts,
    subtotal: fromCents(subtotal),
    discountAmount: fromCents(discountAmount),
    taxAmount: fromCents(taxAmount),
    totalAmount: fromCents(totalAmount),
    netAmount: fromCents(totalAmount - taxAmount),
    vatBreakdown: vatBreakdown.map((row) => ({
      rate: fromCents(row.rate), // hundredths of a percent print like cents: 2550 -> "25.50"
      net: fromCents(row.gross - row.vat),
      vat: fromCents(row.vat),
      gross: fromCents(row.gross),
    })),
  };
}

/** The unit price including VAT, in cents: a VAT-exclusive price gets its VAT once per unit. */
function grossUnitPrice(line: AmountLine, rate: number): number {
  const price = cents(line.unitPrice, "unit price");
  return line.vatInclusive ? price : share(price, HUNDRED_PERCENT + rate, HUNDRED_PERCENT);
}

/** The VAT included in a gross amount at a rate (hundredths of a percent), in cents. */
function vatIn(gross: number, rate: number): number {
  return share(gross, rate, HUNDRED_PERCENT + rate);
}

/** Margin and belowCost at the unit price charged after the customer discount (rule 5). */
function chargedMargin(unitGross: number, purchase: number, rate: number, discount: number) {
  const charged = share(unitGross, HUNDRED_PERCENT - discount, HUNDRED_PERCENT);
  // charged / (1 + rate) < purchase, both sides multiplied by (1 + rate) in hundredths of a percent
  const belowCost =
    BigInt(charged) * BigInt(HUNDRED_PERCENT) < BigInt(purchase) * BigInt(HUNDRED_PERCENT + rate);
  if (charged === 0) return { margin: null, marginCategory: null, belowCost };
  const margin = calculateMargin({
    purchasePrice: fromCents(purchase),
    sellingPrice: fromCents(charged),
    vatInclusive: false, // margin.ts's flag is about the purchase price, which is without VAT here
    vatRate: rate / 100,
  });
  return { margin: margin.marginPercentage, marginCategory: margin.marginCategory, belowCost };
}

/** round half up (amount x numerator / denominator) for amount, numerator >= 0, denominator > 0. */
export function share(amount: number, numerator: number, denominator: number): number {
  // BigInt: an order's cents times a rate in hundredths of a percent can pass 2^53
  const product = BigInt(amount) * BigInt(numerator);
  const d = BigInt(denominator);
  return safe(Number((product * 2n + d) / (d * 2n)));
}

/** An amount as money.ts accepts it (zero or more, at most two decimals), in cents. */
export function cents(amount: string, what: string): number {
  const value = parseMoney(amount);
  if (value === null) throw new RangeError(`A ${what} must be an amount of zero or more (got "${amount}")`);
  return toCents(value);
}

/** A percentage 0-100 with at most two decimals, in hundredths of a percent. */
export function percent(text: string, what: string): number {
  const value = parsePercent(text);
  if (value === null) throw new RangeError(`A ${what} must be a percentage from 0 to 100 (got "${text}")`);
  return value;
}

function safe(value: number): number {
  if (!Number.isSafeInteger(value)) throw new RangeError("The amount is too large to compute exactly");
  return value;
}

function sum(values: number[]): number {
  return safe(values.reduce((total, value) => total + value, 0));
}
