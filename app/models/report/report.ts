/** The reports of Reports & Export (spec section 2), shared by the page and the download. */
export const REPORT_TYPES = ["products", "low-margin", "low-stock", "inventory-value"] as const;
export type ReportType = (typeof REPORT_TYPES)[number];

export function isReportType(value: unknown): value is ReportType {
  return REPORT_TYPES.includes(value as ReportType);
}

/** "Tuoteluettelo 2026-11-23.csv": the report's title in the interface language and the shop's date. */
export function reportFileName(title: string, day: string): string {
  return `${title} ${day}.csv`;
}
