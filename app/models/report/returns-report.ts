/**
 * Return figures (issue #31 item 7): which shop days, grouped by what. Pure and without zod (the
 * page's labels use it in the browser); the query string's schema is returns-report-schema.ts.
 *
 * - Returned units: the lines of customer returns completed (completed_at) on the period's days.
 * - Sold units: the order lines of orders shipped (shipped_at) on the same days.
 * - Return rate: returned units / sold units of the group, for a product, a brand or a supplier
 *   (a reason has no sales of its own). Both count over the same days, so a unit sold before the
 *   period and returned in it counts in the returns only: a rate may pass 100 % on a short period.
 */
export const RETURNS_GROUPINGS = ["product", "brand", "supplier", "reason"] as const;
export const RETURNS_FILE_FORMATS = ["csv", "excel"] as const;

export type ReturnsGrouping = (typeof RETURNS_GROUPINGS)[number];
export type ReturnsFileFormat = (typeof RETURNS_FILE_FORMATS)[number];

export type ReturnsReportQuery = { from: string; to: string; by: ReturnsGrouping };

/** The default range: the last 90 days of the shop's calendar, today included. */
export const RETURNS_DEFAULT_DAYS = 90;

/** Whether the grouping has sales to set its returns against (a return rate). */
export function hasReturnRate(by: ReturnsGrouping): boolean {
  return by !== "reason";
}

/** The query string of a report (and of its download, with a format). */
export function returnsReportSearch(query: ReturnsReportQuery, format?: ReturnsFileFormat): string {
  const params = new URLSearchParams({ from: query.from, to: query.to, by: query.by });
  if (format) params.set("format", format);
  return params.toString();
}

/** A part of a whole in percent with one decimal (12.5), or null when the whole is nothing. */
export function percentOf(part: number, whole: number): number | null {
  if (whole <= 0) return null;
  return Math.round((part * 1000) / whole) / 10;
}
