import { SHOP_TIME_ZONE } from "~/models/shop-time-zone";
import type { Language } from "./config";

const LOCALES: Record<Language, string> = { en: "en-GB", fi: "fi-FI" };

/** Money, numbers and dates in the interface language (fi "1 234,50 €", en "€1,234.50"). */
export function formatters(language: Language) {
  const locale = LOCALES[language];
  const money = new Intl.NumberFormat(locale, { style: "currency", currency: "EUR" });
  const timeZone = SHOP_TIME_ZONE;
  const date = new Intl.DateTimeFormat(locale, {
    day: "numeric",
    month: "numeric",
    year: "numeric",
    timeZone,
  });
  const dateTime = new Intl.DateTimeFormat(locale, {
    day: "numeric",
    month: "numeric",
    year: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    timeZone,
  });
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
    /** A rate as people write it: "25,5 %", "10 %" (no trailing zeros). */
    rate: (value: string | number) =>
      new Intl.NumberFormat(locale, { style: "percent", maximumFractionDigits: 2 }).format(
        Number(value) / 100,
      ),
    /** Thousands with a K, as the dashboard shows inventory value: en "€123.5K", fi "123,5 K€". */
    moneyThousands: (value: string | number) => {
      const thousands = new Intl.NumberFormat(locale, {
        minimumFractionDigits: 1,
        maximumFractionDigits: 1,
      }).format(Number(value) / 1000);
      return language === "fi" ? `${thousands}\u00a0K€` : `€${thousands}K`;
    },
    date: (value: string | Date) => date.format(typeof value === "string" ? new Date(value) : value),
    /** A moment with its time of day: en "23/11/2026, 14:05", fi "23.11.2026 klo 14.05". */
    dateTime: (value: string | Date) => dateTime.format(typeof value === "string" ? new Date(value) : value),
  };
}
