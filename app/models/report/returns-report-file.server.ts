import type { Language } from "~/i18n/config";
import { type FileColumn, TOTAL_LABEL } from "./file-columns";
import { type CellValue, type Dialect, fileHead, rowLine } from "./file-format";
import type { ReturnsGrouping } from "./returns-report";
import type { ReturnsReport, ReturnsReportRow, ReturnsReportTotal } from "./returns-report-schema";

/**
 * The return figures as a file, written by the writer of every export (file-format.ts): the
 * standard CSV with the API's codes and field names, or Excel (Finnish) with words and headers in
 * the interface language. A row per group, then the total line. Names are users' text: the writer
 * neutralises them against formulas.
 */

const GROUP_COLUMNS: Record<ReturnsGrouping, readonly FileColumn[]> = {
  product: [
    { key: "name", header: { en: "Product", fi: "Tuote" }, kind: "text" },
    { key: "sku", header: { en: "SKU", fi: "Tuotekoodi (SKU)" }, kind: "code" },
  ],
  brand: [{ key: "brand", header: { en: "Brand", fi: "Merkki" }, kind: "text" }],
  supplier: [{ key: "supplier", header: { en: "Supplier", fi: "Toimittaja" }, kind: "text" }],
  reason: [{ key: "reason", header: { en: "Return reason", fi: "Palautuksen syy" }, kind: "text" }],
};

const RETURN_COLUMNS: readonly FileColumn[] = [
  { key: "returnedUnits", header: { en: "Units returned", fi: "Palautetut kappaleet" }, kind: "integer" },
  { key: "sharePercent", header: { en: "Share of returns %", fi: "Osuus palautuksista %" }, kind: "decimal" },
  { key: "refunded", header: { en: "Refunded (incl. VAT)", fi: "Hyvitetty (sis. ALV)" }, kind: "decimal" },
];

const RATE_COLUMNS: readonly FileColumn[] = [
  { key: "soldUnits", header: { en: "Units sold", fi: "Myydyt kappaleet" }, kind: "integer" },
  { key: "returnRatePercent", header: { en: "Return rate %", fi: "Palautusprosentti" }, kind: "decimal" },
];

const REASON_WORDS: Record<string, { en: string; fi: string }> = {
  defective: { en: "Defective", fi: "Viallinen" },
  wrong_item: { en: "Wrong item", fi: "Väärä tuote" },
  change_of_mind: { en: "Change of mind", fi: "Asiakas muutti mielensä" },
  guarantee_claim: { en: "Guarantee claim", fi: "Takuuvaatimus" },
};

const TITLES: Record<ReturnsGrouping, { en: string; fi: string }> = {
  product: { en: "Returns by product", fi: "Palautukset tuotteittain" },
  brand: { en: "Returns by brand", fi: "Palautukset merkeittäin" },
  supplier: { en: "Returns by supplier", fi: "Palautukset toimittajittain" },
  reason: { en: "Returns by reason", fi: "Palautukset syittäin" },
};

const NO_BRAND = { en: "No brand", fi: "Ei merkkiä" };

/** The file's columns: the group's, the returns' figures, and the sales' where there is a rate. */
export function returnsReportColumns(by: ReturnsGrouping): FileColumn[] {
  return [...GROUP_COLUMNS[by], ...RETURN_COLUMNS, ...(by === "reason" ? [] : RATE_COLUMNS)];
}

/** "Palautukset tuotteittain 2026-01-01–2026-03-31.csv": the title in the interface language and the days. */
export function returnsReportFileName(report: Pick<ReturnsReport, "by" | "from" | "to">, language: Language) {
  return `${TITLES[report.by][language]} ${report.from}\u2013${report.to}.csv`;
}

export function returnsReportFile(report: ReturnsReport, dialect: Dialect): string {
  const columns = returnsReportColumns(report.by);
  const excel = dialect.format === "excel";
  const word = (words: { en: string; fi: string }) => (excel ? words[dialect.language] : words.en);
  const figures = (row: ReturnsReportRow | ReturnsReportTotal): Record<string, CellValue> => ({
    returnedUnits: row.returnedUnits,
    sharePercent: row.sharePercent?.toFixed(1),
    refunded: row.refunded,
    soldUnits: row.soldUnits,
    returnRatePercent: row.returnRatePercent?.toFixed(1),
  });
  const group = (row: ReturnsReportRow): Record<string, CellValue> => {
    switch (report.by) {
      case "product":
        return { name: row.name, sku: row.sku };
      case "brand":
        return { brand: row.name ?? word(NO_BRAND) };
      case "supplier":
        return { supplier: row.name };
      case "reason":
        // The code for programs, the word in the Excel file.
        return { reason: excel ? word(REASON_WORDS[row.key] ?? { en: row.key, fi: row.key }) : row.key };
    }
  };
  let text = fileHead(columns, dialect);
  for (const row of report.rows) text += rowLine(columns, { ...group(row), ...figures(row) }, dialect);
  text += rowLine(columns, { [columns[0].key]: word(TOTAL_LABEL), ...figures(report.total) }, dialect);
  return text;
}
