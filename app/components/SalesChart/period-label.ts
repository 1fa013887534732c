import { useTranslation } from "react-i18next";
import { isLanguage, type Language } from "~/i18n/config";
import { isoWeek, periodEnd, type SalesGrouping } from "~/models/report/sales-report";

const LOCALES: Record<Language, string> = { en: "en-GB", fi: "fi-FI" };

/** Calendar days ("YYYY-MM-DD") need no time zone: they are formatted as the UTC day they name. */
const formats = new Map<string, Intl.DateTimeFormat>();
function dayFormat(language: Language, kind: "dayMonth" | "monthYear" | "monthShort" | "full") {
  const key = `${language} ${kind}`;
  let format = formats.get(key);
  if (!format) {
    const options: Record<typeof kind, Intl.DateTimeFormatOptions> = {
      dayMonth: { day: "numeric", month: "numeric" },
      monthYear: { month: "long", year: "numeric" },
      monthShort: { month: "short", year: "2-digit" },
      full: { day: "numeric", month: "numeric", year: "numeric" },
    };
    format = new Intl.DateTimeFormat(LOCALES[language], { ...options[kind], timeZone: "UTC" });
    formats.set(key, format);
  }
  return format;
}

const utc = (day: string) => new Date(`${day}T00:00:00Z`);

/**
 * How a report's periods read in the interface language: `short` under a chart's bar (en "23/11",
 * "W47", "Nov 26"; fi "23.11.", "vk 47", "marrask. 26"), `long` in a table ("Week 47, 2026",
 * "November 2026"), `days` the days it spans ("16/11/2026–22/11/2026"), `day` one day in full.
 */
export function usePeriodLabels(group: SalesGrouping) {
  const { t, i18n } = useTranslation("sales-report");
  const resolved = i18n.resolvedLanguage ?? i18n.language;
  const language: Language = isLanguage(resolved) ? resolved : "en";
  const day = (value: string) => dayFormat(language, "full").format(utc(value));
  return {
    day,
    short: (period: string) => {
      if (group === "week") return t("period.weekShort", { week: isoWeek(period).week });
      return dayFormat(language, group === "day" ? "dayMonth" : "monthShort").format(utc(period));
    },
    long: (period: string) => {
      if (group === "day") return day(period);
      if (group === "week") return t("period.week", isoWeek(period));
      return dayFormat(language, "monthYear").format(utc(period));
    },
    days: (period: string) =>
      group === "day"
        ? day(period)
        : t("period.range", { from: day(period), to: day(periodEnd(period, group)) }),
  };
}
