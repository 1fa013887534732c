import type { Language } from "~/i18n/config";
import type { FileColumn } from "~/models/report/file-columns";
import { type FileFormat, fileStream, summaryLine } from "~/models/report/file-format";
import { type CountSummary, countLinePages, type StockCountRow } from "./stock-count.server";

/**
 * A count's variance as a file, in the two dialects of every export (DECISIONS.md, Files): a line
 * per counted product (and per unknown code) with the count's location, in the order the lines were made, then the total
 * line (lines, units expected and counted, the difference in units and at cost).
 */
const COLUMNS: readonly FileColumn[] = [
  // The count's location (issue #32), on every line: a file read on its own says where it counted.
  { key: "location", header: { en: "Location", fi: "Sijainti" }, kind: "text" },
  { key: "sku", header: { en: "SKU", fi: "Tuotekoodi (SKU)" }, kind: "code" },
  { key: "name", header: { en: "Name", fi: "Nimi" }, kind: "text" },
  { key: "code", header: { en: "Unknown code", fi: "Tuntematon koodi" }, kind: "code" },
  { key: "expected", header: { en: "Expected", fi: "Saldo" }, kind: "integer" },
  { key: "counted", header: { en: "Counted", fi: "Laskettu" }, kind: "integer" },
  { key: "difference", header: { en: "Difference", fi: "Erotus" }, kind: "integer" },
  {
    key: "differenceValue",
    header: { en: "Difference at cost (excl. VAT)", fi: "Erotus ostohintaan (alv 0 %)" },
    kind: "decimal",
  },
  { key: "countedAt", header: { en: "Counted", fi: "Laskettu" }, kind: "date" },
  { key: "countedBy", header: { en: "Counted by", fi: "Laskija" }, kind: "text" },
];

const NAME = { en: "Stock count", fi: "Inventointi" } as const;

/** The file's name: "Inventointi IC-2026-000012.csv" / "Stock count IC-2026-000012.csv". */
export function varianceFileName(count: StockCountRow, language: Language) {
  return `${NAME[language]} ${count.number}.csv`;
}

export function varianceFile(
  count: StockCountRow,
  summary: CountSummary,
  format: FileFormat,
  language: Language,
): ReadableStream<Uint8Array> {
  const dialect = { format, language };
  return fileStream({
    columns: COLUMNS,
    dialect,
    pages: countLinePages(count),
    values: (line) => ({
      location: count.locationName,
      sku: line.sku,
      name: line.name,
      code: line.productId === null ? line.code : null,
      expected: line.expected,
      counted: line.counted,
      difference: line.difference,
      differenceValue: line.differenceValue,
      countedAt: line.countedAt,
      countedBy: line.countedByName,
    }),
    total: () =>
      summaryLine(
        COLUMNS,
        summary.lines + summary.unknownCodes,
        {
          expected: summary.expectedUnits,
          counted: summary.countedUnits,
          difference: summary.differenceUnits,
          differenceValue: summary.differenceValue,
        },
        dialect,
      ),
  });
}
