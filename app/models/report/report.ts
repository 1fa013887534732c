/** The reports of Reports & Export (spec section 2), shared by the page and the download. */
export const REPORT_TYPES = ["products", "low-margin", "low-stock", "inventory-value"] as const;
export type ReportType = (typeof REPORT_TYPES)[number];

export function isReportType(value: unknown): value is ReportType {
  return REPORT_TYPES.includes(value as ReportType);
}
