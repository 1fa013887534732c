import { fromCents } from "~/models/money";
import type { VatBreakdownRow } from "~/models/order/document-amounts";
import { cents, HUNDRED_PERCENT, percent, share } from "~/models/order/document-amounts";

/**
 * The amounts of a purchase order, the one definition (pure: the server stores these figures, the
 * editor and the printed order show them). Purchase prices are without VAT, as suppliers quote
 * them to a business; the VAT a supplier adds is each product's own rate.
 *
 * All arithmetic is in whole cents, rates in hundredths of a percent, rounding half up:
 * 1. A line's total is its unit cost x the quantity ordered, exact. subtotal = the sum (excl. VAT).
 * 2. Lines are grouped by VAT rate; each group's VAT = round(group net x rate / 100), so the
 *    breakdown's net, VAT and gross add up to the subtotal, taxAmount and totalAmount to the cent.
 */

export type PurchaseAmountLine = {
  /** Euros without VAT ("12.90"). */
  unitCost: string;
  quantity: number;
  /** The product's VAT percent ("25.50"). */
  vatRate: string;
};

export type PurchaseAmounts = {
  /** unit cost x quantity for each line, without VAT */
  lineTotals: string[];
  /** the lines' sum, without VAT */
  subtotal: string;
  /** the VAT on the subtotal, per rate */
  taxAmount: string;
  /** subtotal + taxAmount */
  totalAmount: string;
  /** one row per VAT rate, highest first */
  vatBreakdown: VatBreakdownRow[];
};

export function purchaseAmounts(lines: PurchaseAmountLine[]): PurchaseAmounts {
  const groups = new Map<number, number>(); // rate -> net of its lines, in cents
  let subtotal = 0;
  const lineTotals = lines.map((line) => {
    const rate = percent(line.vatRate, "VAT rate");
    if (!Number.isInteger(line.quantity) || line.quantity < 0) {
      throw new RangeError(`A quantity must be a whole number, zero or more (got ${line.quantity})`);
    }
    const total = safe(cents(line.unitCost, "unit cost") * line.quantity);
    groups.set(rate, safe((groups.get(rate) ?? 0) + total));
    subtotal = safe(subtotal + total);
    return fromCents(total);
  });
  const rows = [...groups]
    .sort(([a], [b]) => b - a)
    .map(([rate, net]) => ({ rate, net, vat: share(net, rate, HUNDRED_PERCENT) }));
  const taxAmount = safe(rows.reduce((sum, row) => sum + row.vat, 0));
  return {
    lineTotals,
    subtotal: fromCents(subtotal),
    taxAmount: fromCents(taxAmount),
    totalAmount: fromCents(safe(subtotal + taxAmount)),
    vatBreakdown: rows.map((row) => ({
      rate: fromCents(row.rate), // hundredths of a percent print like cents: 2550 -> "25.50"
      net: fromCents(row.net),
      vat: fromCents(row.vat),
      gross: fromCents(row.net + row.vat),
    })),
  };
}

/**
 * A product's purchase price without VAT, to the cent: the default unit cost of a purchase order
 * line (margin.ts holds the rule, with the margin's other VAT arithmetic).
 */
export { netPurchasePrice } from "~/models/margin";

/**
 * The product's purchase price that a unit cost without VAT becomes, on the product's own VAT
 * basis: with VAT added (to the cent) when the product keeps its purchase price with VAT.
 */
export function purchasePriceFromCost(
  unitCost: string,
  product: { vatInclusive: boolean; vatRate: string | number },
): string {
  const cost = cents(unitCost, "unit cost");
  if (!product.vatInclusive) return fromCents(cost);
  const rate = percent(String(Number(product.vatRate)), "VAT rate");
  return fromCents(share(cost, HUNDRED_PERCENT + rate, HUNDRED_PERCENT));
}

function safe(value: number): number {
  if (!Number.isSafeInteger(value)) throw new RangeError("The amount is too large to compute exactly");
  return value;
}
