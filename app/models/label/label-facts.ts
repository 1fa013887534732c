// What a shelf label says about a product, and the figures derived from it (pure).
import { isValidEan } from "~/models/ean";
import { toCents } from "~/models/money";
import type { MeasureUnit } from "~/models/product/measure";

/** One label's facts, as the print's caller reads them off the product and its campaign. */
export type LabelFacts = {
  name: string;
  brand: string;
  sku: string;
  ean: string | null;
  /** The selling price incl. VAT, a stored decimal ("12.90"). */
  price: string;
  /** While a campaign runs for the product: its price incl. VAT, and the lowest price in the 30 days before it. */
  campaignPrice: string | null;
  priorPrice: string | null;
  /** A product sold by measure is priced per its unit (product/measure.ts); null for one sold by the piece. */
  unit: MeasureUnit | null;
  /** How much of `unit` the product holds ("5" m of cable, "0.75" l), a decimal with a point or a comma. */
  netQuantity: string | null;
};

/**
 * The price per unit in whole cents, rounded half up (14.90 € for 5 m: 298 c/m), or null for a
 * product without a unit or a positive quantity. Exact: the quantity's decimals scale the cents.
 */
export function unitPrice(
  price: string,
  unit: MeasureUnit | null,
  netQuantity: string | null,
): number | null {
  if (unit === null || netQuantity === null) return null;
  const match = /^(\d+)(?:[.,](\d+))?$/.exec(netQuantity.trim());
  if (!match) return null;
  const decimals = match[2] ?? "";
  const quantity = BigInt(match[1] + decimals); // the quantity times 10^decimals
  if (quantity === 0n) return null;
  const cents = BigInt(toCents(price)) * 10n ** BigInt(decimals.length);
  return Number((2n * cents + quantity) / (2n * quantity));
}

/** The barcode a label carries: the product's EAN when it has a valid one, else its SKU in Code 128. */
export type LabelBarcode = { kind: "ean13" | "ean8" | "code128"; text: string };

/** Why a label has no barcode, for the preview to tell: no code at all, or a SKU too long for the label. */
export type NoBarcodeReason = "noCode" | "tooLong";

/** A label that printed without a barcode (its index in the print's list), so a preview can say so. */
export type LabelWithoutBarcode = { index: number; sku: string; reason: NoBarcodeReason };

/**
 * The label's barcode: a valid EAN (13 or 8 digits with a right check digit), else the SKU in
 * Code 128 (printable ASCII, which Code 128 set B holds), else none.
 */
export function labelBarcode(facts: Pick<LabelFacts, "ean" | "sku">): LabelBarcode | null {
  const ean = facts.ean?.trim() ?? "";
  if (isValidEan(ean)) return { kind: ean.length === 13 ? "ean13" : "ean8", text: ean };
  const sku = facts.sku.trim();
  if (sku !== "" && /^[\x20-\x7e]+$/.test(sku)) return { kind: "code128", text: sku };
  return null;
}

/** The price the label shows large: the campaign's while one runs, else the selling price. */
export function shownPrice(facts: Pick<LabelFacts, "price" | "campaignPrice">): string {
  return facts.campaignPrice ?? facts.price;
}
