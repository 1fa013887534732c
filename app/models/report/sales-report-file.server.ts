import { stringify } from "csv-stringify/sync";
import type { Language } from "~/i18n/config";
import type { FileColumn } from "./file-columns";
import { neutralise } from "./report.server";
import type { SalesFileFormat } from "./sales-report";
import type { SalesFigures, SalesReport } from "./sales-report.server";

/**
 * The sales report as a file, in the two dialects of every export (DECISIONS.md, Files):
 * - "csv", standard, for programs: comma, "." decimals, ISO dates, the keys as headers;
 * - "excel", Excel (Finnish): semicolon, decimal comma, UTF-8 with BOM, dates d.m.yyyy, headers
 *   in the interface language.
 * A row per period (the period's first day), or with a breakdown a row per period and category or
 * brand that sold in it; the last line is the total. Category and brand names are users' text:
 * neutralised against formulas.
 */

const FIGURE_COLUMNS: readonly FileColumn[] = [
  { key: "salesExclVat", header: { en: "Sales excl. VAT", fi: "Myynti (alv 0 %)" }, kind: "decimal" },
  { key: "costExclVat", header: { en: "Cost excl. VAT", fi: "Hankintahinta (alv 0 %)" }, kind: "decimal" },
  { key: "grossMargin", header: { en: "Gross margin", fi: "Kate (€)" }, kind: "decimal" },
  { key: "marginPercent", header: { en: "Margin %", fi: "Kateprosentti" }, kind: "decimal" },
  { key: "units", header: { en: "Units sold", fi: "Myydyt kappaleet" }, kind: "integer" },
  { key: "orders", header: { en: "Orders", fi: "Tilaukset" }, kind: "integer" },
];

const PERIOD: FileColumn = { key: "period", header: { en: "Period", fi: "Jakso" }, kind: "date" };
const GROUP: Record<"category" | "brand", FileColumn> = {
  category: { key: "category", header: { en: "Category", fi: "Tuoteryhmä" }, kind: "text" },
  brand: { key: "brand", header: { en: "Brand", fi: "Merkki" }, kind: "text" },
};

const WORDS = {
  total: { en: "Total", fi: "Yhteensä" },
  noCategory: { en: "No category", fi: "Ei tuoteryhmää" },
  noBrand: { en: "No brand", fi: "Ei merkkiä" },
  title: { en: "Sales", fi: "Myynti" },
} as const;

/** The report's columns in file order: the period, the breakdown's group if any, the figures. */
export function salesReportColumns(report: Pick<SalesReport, "query">): FileColumn[] {
  const { breakdown } = report.query;
  return [PERIOD, ...(breakdown === "none" ? [] : [GROUP[breakdown]]), ...FIGURE_COLUMNS];
}

/** "Myynti 2026-11-01–2026-11-23.csv": the report's title in the interface language and its days. */
export function salesReportFileName(report: Pick<SalesReport, "query">, language: Language): string {
  return `${WORDS.title[language]} ${report.query.from}\u2013${report.query.to}.csv`;
}

export function salesReportFile(report: SalesReport, format: SalesFileFormat, language: Language): string {
  const excel = format === "excel";
  const columns = salesReportColumns(report);
  const { breakdown } = report.query;
  const words = (key: keyof typeof WORDS) => (excel ? WORDS[key][language] : WORDS[key].en);
  const decimal = (value: string) => (excel ? value.replace(".", ",") : value);
  const day = (value: string) => {
    if (!excel) return value;
    const [year, month, date] = value.split("-");
    return `${Number(date)}.${Number(month)}.${year}`;
  };
  const figures = (row: SalesFigures) => ({
    salesExclVat: decimal(row.sales),
    costExclVat: decimal(row.cost),
    grossMargin: decimal(row.margin),
    marginPercent: row.marginPercent === null ? "" : decimal(row.marginPercent.toFixed(1)),
    units: String(row.units),
    orders: String(row.orders),
  });
  const groupName = (name: string | null) =>
    name === null ? words(breakdown === "brand" ? "noBrand" : "noCategory") : neutralise(name);

  const rows: Record<string, string>[] = [];
  for (const period of report.periods) {
    if (breakdown === "none") {
      rows.push({ period: day(period.period), ...figures(period) });
      continue;
    }
    for (const group of period.groups) {
      rows.push({ period: day(period.period), [breakdown]: groupName(group.name), ...figures(group) });
    }
  }
  rows.push({
    period: words("total"),
    ...(breakdown === "none" ? {} : { [breakdown]: "" }),
    ...figures(report.total),
  });

  const body = stringify(rows, {
    header: true,
    delimiter: excel ? ";" : ",",
    record_delimiter: excel ? "windows" : "unix",
    columns: columns.map((column) => ({
      key: column.key,
      header: excel ? column.header[language] : column.key,
    })),
  });
  return excel ? `\uFEFF${body}` : body;
}
