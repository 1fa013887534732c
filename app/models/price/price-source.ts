/**
 * What wrote a price log row: a person's form, an API client, an import, a bulk repricing batch,
 * a campaign starting, changing or ending, a purchase order receipt's new cost, the demo or bench
 * seeder, or the price history before the log (`history`: rows migrated from it, whose path was not
 * recorded).
 */
export const PRICE_SOURCES = [
  "form",
  "api",
  "import",
  "bulk",
  "campaign",
  "receipt",
  "seed",
  "history",
] as const;

export type PriceSource = (typeof PRICE_SOURCES)[number];
