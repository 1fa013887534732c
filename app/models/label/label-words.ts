// The words and figures a label prints, in the language chosen for the print (pure; the PDF and
// the ZPL draw the same texts).
import type { Language } from "~/i18n/config";
import { formatters } from "~/i18n/format";
import { fromCents } from "~/models/money";
import { type LabelFacts, shownPrice, unitPrice } from "./label-facts";

export const LABEL_WORDS = {
  /** The reference price a reduction must show (the Omnibus rule); glossary's Finnish wording. */
  priorPrice: {
    en: "Lowest price in the 30 days before:",
    fi: "Alin hinta 30 päivän aikana ennen alennusta:",
  },
} as const satisfies Record<string, { en: string; fi: string }>;

/** The texts of one label, formatted (fi "2,98 €/m", en "€2.98/m"; dates 22.11.2026). */
export type LabelTexts = {
  name: string;
  brand: string;
  sku: string;
  price: string;
  /** "Lowest price in the 30 days before: €89.90" while a campaign runs, else null. */
  priorPrice: string | null;
  /** "2,98 €/m" for a product sold by measure, else null. */
  unitPrice: string | null;
  printedOn: string;
};

/** `printedOn` is a calendar day, "YYYY-MM-DD". */
export function labelTexts(facts: LabelFacts, language: Language, printedOn: string): LabelTexts {
  const format = formatters(language);
  const price = shownPrice(facts);
  const perUnit = unitPrice(price, facts.unit, facts.netQuantity);
  return {
    name: facts.name.trim(),
    brand: facts.brand.trim(),
    sku: facts.sku.trim(),
    price: format.money(price),
    priorPrice:
      facts.campaignPrice !== null && facts.priorPrice !== null
        ? `${LABEL_WORDS.priorPrice[language]} ${format.money(facts.priorPrice)}`
        : null,
    unitPrice:
      perUnit === null || facts.unit === null ? null : `${format.money(fromCents(perUnit))}/${facts.unit}`,
    printedOn: format.date(`${printedOn}T12:00:00Z`),
  };
}
