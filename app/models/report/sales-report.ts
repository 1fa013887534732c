/**
 * The sales report's question (issue #14 item 5): which shop days, in which periods, broken down
 * by what. Pure and without zod (the page's labels use it in the browser); the query string's
 * schema is sales-report-schema.ts. Days are the shop's calendar days ("YYYY-MM-DD"); a week is an
 * ISO week (Monday to Sunday).
 */
import { addDays } from "~/models/calendar-day";

export const SALES_GROUPINGS = ["day", "week", "month"] as const;
export const SALES_BREAKDOWNS = ["none", "category", "brand"] as const;
export const SALES_FILE_FORMATS = ["csv", "excel"] as const;

export type SalesGrouping = (typeof SALES_GROUPINGS)[number];
export type SalesBreakdown = (typeof SALES_BREAKDOWNS)[number];
export type SalesFileFormat = (typeof SALES_FILE_FORMATS)[number];

export type SalesReportQuery = {
  from: string;
  to: string;
  group: SalesGrouping;
  breakdown: SalesBreakdown;
};

/** The default range: the last 30 days of the shop's calendar, today included. */
export const DEFAULT_DAYS = 30;
/**
 * At most this many periods (days, weeks or months) in one report: a year of days and more, while
 * a chart and a page of rows stay readable. A longer range asks for a longer grouping.
 */
export const MAX_PERIODS = 400;

const DAY_MS = 86_400_000;

function daysBetween(from: string, to: string): number {
  return Math.round(
    (new Date(`${to}T00:00:00Z`).getTime() - new Date(`${from}T00:00:00Z`).getTime()) / DAY_MS,
  );
}

/** The first day of the period (day, ISO week from Monday, month) that holds a day. */
export function periodStart(day: string, group: SalesGrouping): string {
  if (group === "day") return day;
  if (group === "month") return `${day.slice(0, 7)}-01`;
  const weekday = (new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7; // Monday 0 ... Sunday 6
  return addDays(day, -weekday);
}

/** The last day of the period that starts on `start`. */
export function periodEnd(start: string, group: SalesGrouping): string {
  if (group === "day") return start;
  if (group === "week") return addDays(start, 6);
  const [year, month] = start.split("-").map(Number);
  const next =
    month === 12
      ? `${String(year + 1).padStart(4, "0")}-01-01`
      : `${start.slice(0, 4)}-${String(month + 1).padStart(2, "0")}-01`;
  return addDays(next, -1);
}

/** How many periods the range spans, the partial first and last ones included. */
export function periodCount(from: string, to: string, group: SalesGrouping): number {
  if (group === "day") return daysBetween(from, to) + 1;
  if (group === "week") return daysBetween(periodStart(from, "week"), periodStart(to, "week")) / 7 + 1;
  const months = (day: string) => Number(day.slice(0, 4)) * 12 + Number(day.slice(5, 7));
  return months(to) - months(from) + 1;
}

/** The ISO week of a day: its number and the year it belongs to (29.12.2025 is week 1 of 2026). */
export function isoWeek(day: string): { year: number; week: number } {
  const thursday = addDays(periodStart(day, "week"), 3);
  const year = Number(thursday.slice(0, 4));
  const firstOfYear = `${thursday.slice(0, 4)}-01-01`;
  return { year, week: Math.floor(daysBetween(firstOfYear, thursday) / 7) + 1 };
}

/** The query string of a report (and of its download, with a format). */
export function salesReportSearch(query: SalesReportQuery, format?: SalesFileFormat): string {
  const params = new URLSearchParams({
    from: query.from,
    to: query.to,
    group: query.group,
    breakdown: query.breakdown,
  });
  if (format) params.set("format", format);
  return params.toString();
}
