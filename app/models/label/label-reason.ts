/**
 * Why a product's shelf label is out of date (issue #30): a fact the label prints changed since it
 * was last printed, or it never was. The reprint queue keeps each product's reasons.
 */
export const LABEL_REASONS = [
  "new",
  "price",
  "campaign_start",
  "campaign_end",
  "name",
  "brand",
  "sku",
  "ean",
  /** the unit or net quantity of a product sold by measure (its label's unit price) */
  "unit_price",
] as const;
export type LabelReason = (typeof LABEL_REASONS)[number];
