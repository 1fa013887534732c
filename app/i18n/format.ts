import type { Language } from "./config";

const LOCALES: Record<Language, string> = { en: "en-GB", fi: "fi-FI" };

/** Money, numbers and dates in the interface language (fi "1 234,50 €", en "€1,234.50"). */
export function formatters(language: Language) {
  const locale = LOCALES[language];
  const money = new Intl.NumberFormat(locale, { style: "currency", currency: "EUR" });
  const date = new Intl.DateTimeFormat(locale, { day: "numeric", month: "numeric", year: "numeric" });
  return {
    money: (value: string | number, digits = 2) =>
      digits === 2
        ? money.format(Number(value))
        : new Intl.NumberFormat(locale, {
            style: "currency",
            currency: "EUR",
            minimumFractionDigits: digits,
            maximumFractionDigits: digits,
          }).format(Number(value)),
    number: (value: number, digits = 0) =>
      new Intl.NumberFormat(locale, { minimumFractionDigits: digits, maximumFractionDigits: digits }).format(
        value,
      ),
    percent: (value: number, digits = 1) =>
      new Intl.NumberFormat(locale, {
        style: "percent",
        minimumFractionDigits: digits,
        maximumFractionDigits: digits,
      }).format(value / 100),
    /** Thousands with a K, as the dashboard shows inventory value: en "€123.5K", fi "123,5 K€". */
    moneyThousands: (value: string | number) => {
      const thousands = new Intl.NumberFormat(locale, {
        minimumFractionDigits: 1,
        maximumFractionDigits: 1,
      }).format(Number(value) / 1000);
      return language === "fi" ? `${thousands}\u00a0K€` : `€${thousands}K`;
    },
    date: (value: string | Date) => date.format(typeof value === "string" ? new Date(value) : value),
  };
}
