import type { Language } from "~/i18n/config";
import { SHOP_TIME_ZONE } from "~/i18n/shop-time-zone";
import { todayIn } from "~/models/campaign/campaign-status";
import { type FileColumn, TOTAL_LABEL, VALUE_WORDS } from "./file-columns";
import type { ReportTotals } from "./report-totals";

/**
 * The two ways a file is written (DECISIONS.md, "Files"):
 * - excel, "Excel (Finnish)": what Excel in Finland opens as columns of figures: semicolons, a
 *   decimal comma, UTF-8 with a BOM (else Excel reads ä as two letters), dates d.m.yyyy, yes/no and
 *   coded values as words, headers in the interface language, and codes (SKU, EAN) kept as text;
 * - csv, "CSV (standard)": for programs: commas, "." decimals, ISO dates, the spec's keys as
 *   headers and codes as codes.
 */
export const FILE_FORMATS = ["excel", "csv"] as const;
export type FileFormat = (typeof FILE_FORMATS)[number];

export function isFileFormat(value: unknown): value is FileFormat {
  return FILE_FORMATS.includes(value as FileFormat);
}

/** The format a download takes unless told: Excel (Finnish) for Finnish users, else the standard. */
export function defaultFileFormat(language: Language): FileFormat {
  return language === "fi" ? "excel" : "csv";
}

/** How one file is written: its format, and the interface language of its headers and words. */
export type Dialect = { format: FileFormat; language: Language };

export type CellValue = string | number | boolean | null | undefined;

/**
 * A spreadsheet runs a cell that starts with = + - @ tab or CR as a formula: such text from users
 * gets a leading apostrophe. Numbers are ours and stay numbers.
 */
export function neutralise(text: string | null): string {
  const value = text ?? "";
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/**
 * A code as Excel keeps it text (a leading zero stays, 13 digits do not become 6,40E+12): the
 * formula ="...", whose only content is one string literal. Quotes inside are doubled, so the text
 * cannot end the literal and add a formula of its own: a code that itself starts with = is only
 * ever shown, never run.
 */
export function excelCode(text: string): string {
  // Excel's string literals stop at 255 characters: a longer text stays a (neutralised) text cell.
  if (text.length > 255) return neutralise(text);
  return `="${text.replaceAll('"', '""')}"`;
}

/** The text of one cell of `column` in the file's dialect. */
export function formatCell(column: FileColumn, value: CellValue, dialect: Dialect): string {
  if (value === null || value === undefined || value === "") return "";
  const text = String(value);
  if (VALUE_WORDS[column.key]) return word(column.key, text, dialect);
  switch (column.kind) {
    case "code":
      return dialect.format === "excel" ? excelCode(text) : neutralise(text);
    case "decimal":
      return decimal(text, dialect.format);
    case "integer":
      return /^-?\d+$/.test(text) ? text : neutralise(text);
    case "boolean":
      return word(column.key, text, dialect);
    case "date":
      return date(value, dialect.format);
    default:
      return neutralise(text);
  }
}

/** A figure of ours ("1234.50", "-3.2"): a decimal comma in the Excel file. */
function decimal(text: string, format: FileFormat): string {
  if (!/^-?\d+(\.\d+)?$/.test(text)) return neutralise(text);
  return format === "excel" ? text.replace(".", ",") : text;
}

/** A coded value (true, active, low): the code for programs, the word in the Excel file. */
function word(key: string, code: string, dialect: Dialect): string {
  if (dialect.format === "csv") return neutralise(code);
  return VALUE_WORDS[key]?.[code]?.[dialect.language] ?? neutralise(code);
}

/** A calendar day, or a moment read as the shop's day: 2026-11-23, or 23.11.2026 in Excel. */
function date(value: Exclude<CellValue, null | undefined>, format: FileFormat): string {
  const text = String(value);
  const day = /^\d{4}-\d{2}-\d{2}$/.test(text) ? text : todayIn(SHOP_TIME_ZONE, new Date(text));
  if (format === "csv") return day;
  const [year, month, date] = day.split("-").map(Number);
  return `${date}.${month}.${year}`;
}

/** One line of the file: cells joined by the dialect's separator, quoted where they must be. */
export function fileLine(cells: readonly string[], format: FileFormat): string {
  const separator = format === "excel" ? ";" : ",";
  const quoted = cells.map((cell) =>
    cell.includes(separator) || /["\r\n]/.test(cell) ? `"${cell.replaceAll('"', '""')}"` : cell,
  );
  // Excel is a Windows program: CRLF. Programs read the standard file's LF, as before.
  return `${quoted.join(separator)}${format === "excel" ? "\r\n" : "\n"}`;
}

/** The file's beginning: the BOM of the Excel file, then the header line. */
export function fileHead(columns: readonly FileColumn[], dialect: Dialect): string {
  const headers = columns.map((c) => (dialect.format === "excel" ? c.header[dialect.language] : c.key));
  return `${dialect.format === "excel" ? "\uFEFF" : ""}${fileLine(headers, dialect.format)}`;
}

/** One product's line: each column's cell from the row's value of the column's key. */
export function rowLine(
  columns: readonly FileColumn[],
  row: Record<string, CellValue>,
  dialect: Dialect,
): string {
  return fileLine(
    columns.map((c) => formatCell(c, row[c.key], dialect)),
    dialect.format,
  );
}

/**
 * The report's last line: "Total" ("Yhteensä" in a Finnish Excel file; always "Total" in the
 * standard file, for programs), the number of products in the next cell, and the stock units,
 * the values and the average margin under their own columns.
 */
export function totalLine(columns: readonly FileColumn[], totals: ReportTotals, dialect: Dialect): string {
  return summaryLine(
    columns,
    totals.products,
    {
      stockLevel: totals.units,
      inventoryValue: totals.value,
      valueAtCost: totals.valueAtCost,
      marginPercentage: totals.averageMargin?.toFixed(1),
    },
    dialect,
  );
}

/**
 * Any list's total line: "Total" (or "Yhteensä"), the number of records in the next cell, and
 * each figure under its own column (a customer list's total spent).
 */
export function summaryLine(
  columns: readonly FileColumn[],
  count: number,
  figures: Record<string, CellValue>,
  dialect: Dialect,
): string {
  const label = dialect.format === "excel" ? TOTAL_LABEL[dialect.language] : TOTAL_LABEL.en;
  const cells = columns.map((c, i) => {
    if (i === 0) return label;
    if (i === 1) return String(count);
    return c.key in figures ? formatCell(c, figures[c.key], dialect) : "";
  });
  return fileLine(cells, dialect.format);
}

/** Characters of file text encoded and passed on at once. */
const CHUNK = 16_384;

/**
 * A file as a stream of text, a page of records at a time: the head, a line per record, and the
 * total line the records add up to as they pass (so nothing holds more than a page).
 */
export function fileStream<T>(options: {
  columns: readonly FileColumn[];
  dialect: Dialect;
  pages: AsyncGenerator<Iterable<T>>;
  values: (record: T) => Record<string, CellValue>;
  /** sees each record as it is written */
  count?: (record: T) => void;
  total: () => string;
}): ReadableStream<Uint8Array> {
  const { columns, dialect, pages } = options;
  const encoder = new TextEncoder();
  let started = false;
  return new ReadableStream({
    async pull(controller) {
      let text = started ? "" : fileHead(columns, dialect);
      started = true;
      const next = await pages.next();
      if (next.done) {
        controller.enqueue(encoder.encode(text + options.total()));
        controller.close();
        return;
      }
      for (const record of next.value) {
        options.count?.(record);
        text += rowLine(columns, options.values(record), dialect);
        // Encoded as it grows: a page's lines as one string would all live until the page's end,
        // long enough to be moved to the old generation (garbage that grows the heap).
        if (text.length >= CHUNK) {
          controller.enqueue(encoder.encode(text));
          text = "";
        }
      }
      if (text) controller.enqueue(encoder.encode(text));
    },
    async cancel() {
      await pages.return(undefined);
    },
  });
}

/** A file of records, a page at a time, that ends with the number of records (`summaryLine`). */
export function countedFileStream<T>(options: {
  columns: readonly FileColumn[];
  dialect: Dialect;
  pages: AsyncGenerator<Iterable<T>>;
  values: (record: T) => Record<string, CellValue>;
}): ReadableStream<Uint8Array> {
  let count = 0;
  return fileStream({
    ...options,
    count: () => {
      count += 1;
    },
    total: () => summaryLine(options.columns, count, {}, options.dialect),
  });
}
