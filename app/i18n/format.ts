import { SHOP_TIME_ZONE } from "~/i18n/shop-time-zone";
import type { Language } from "./config";

const LOCALES: Record<Language, string> = { en: "en-GB", fi: "fi-FI" };

/**
 * Intl formatters are costly to build (a page of products formats hundreds of cells): each one
 * is built once per language and kind, then reused. The key names the kind, so that a cell's
 * lookup costs no more than a string.
 */
const numberFormats = new Map<string, Intl.NumberFormat>();
function numberFormat(key: string, locale: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, options);
    numberFormats.set(key, format);
  }
  return format;
}

const built = new Map<Language, ReturnType<typeof buildFormatters>>();

/** Money, numbers and dates in the interface language (fi "1 234,50 €", en "€1,234.50"). */
export function formatters(language: Language) {
  let found = built.get(language);
  if (!found) {
    found = buildFormatters(language);
    built.set(language, found);
  }
  return found;
}

function buildFormatters(language: Language) {
  const locale = LOCALES[language];
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
  const kinds = {
    number: {},
    money: { style: "currency", currency: "EUR" },
    percent: { style: "percent" },
  } satisfies Record<string, Intl.NumberFormatOptions>;
  const fixed = (digits: number, kind: keyof typeof kinds = "number") =>
    numberFormat(`${locale} ${kind} ${digits}`, locale, {
      ...kinds[kind],
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
    });
  return {
    money: (value: string | number, digits = 2) => fixed(digits, "money").format(Number(value)),
    number: (value: number, digits = 0) => fixed(digits).format(value),
    percent: (value: number, digits = 1) => fixed(digits, "percent").format(value / 100),
    /** A rate as people write it: "25,5 %", "10 %" (no trailing zeros). */
    rate: (value: string | number) =>
      numberFormat(`${locale} rate`, locale, { style: "percent", maximumFractionDigits: 2 }).format(
        Number(value) / 100,
      ),
    /**
     * A large amount in short, as the dashboard shows inventory value: thousands with a K (en
     * "€123.5K", fi "123,5 K€"), millions with an M and billions with a B (fi "mrd €") once the
     * thousands would pass a million.
     */
    moneyShort: (value: string | number) => {
      const amount = Number(value);
      const [divisor, en, fi] =
        Math.abs(amount) >= 1e9
          ? [1e9, "B", "mrd\u00a0€"]
          : Math.abs(amount) >= 1e6
            ? [1e6, "M", "M€"]
            : [1e3, "K", "K€"];
      const short = fixed(1).format(amount / divisor);
      return language === "fi" ? `${short}\u00a0${fi}` : `€${short}${en}`;
    },
    /** A stored decimal ("12.90") as a reader of this language types it back (fi "12,90"). */
    decimalInput: (value: string) => (language === "fi" ? value.replace(".", ",") : value),
    date: (value: string | Date) => date.format(typeof value === "string" ? new Date(value) : value),
    /** A moment with its time of day: en "23/11/2026, 14:05", fi "23.11.2026 klo 14.05". */
    dateTime: (value: string | Date) => dateTime.format(typeof value === "string" ? new Date(value) : value),
  };
}
