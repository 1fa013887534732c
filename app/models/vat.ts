/**
 * VAT is a property of each product: the Finnish rates since 2026 are 25.5 % (most goods), 13.5 %
 * (food), 10 % (books, medicines) and 0 %. The shop's standard rate (VAT_RATE, 25.5 unless set) is
 * the default of a new product.
 */
export const FINNISH_VAT_RATES = ["25.5", "13.5", "10", "0"] as const;

/** The column default: the standard rate, for rows written before VAT was a product's own. */
export const DEFAULT_VAT_RATE = 25.5;

/** A rate as the form's select names it: "25.50" and 25.5 are "25.5", "10.00" is "10". */
export function vatRateKey(rate: string | number): string {
  return String(Number(rate));
}

/** The rates a product form offers: the Finnish ones, and the shop's or the product's own if other. */
export function vatRateChoices(...own: (string | number | null | undefined)[]): string[] {
  const extra = own
    .filter((rate): rate is string | number => rate !== null && rate !== undefined && rate !== "")
    .map(vatRateKey);
  return [...new Set<string>([...FINNISH_VAT_RATES, ...extra])];
}
