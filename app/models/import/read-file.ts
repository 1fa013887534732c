import { CsvError, parse } from "csv-parse/sync";
import { hasControlCharacters } from "~/models/clean-text";
import { columnKey, type FileColumn, isTotalLine, valueCode } from "~/models/report/file-columns";
import {
  IMPORT_KIND_SPECS,
  type ImportKind,
  type ImportMessage,
  type ImportRowError,
  MAX_IMPORT_ROWS,
} from "./import";

/**
 * Reads an import's file as people and programs write it: the standard CSV (commas, "." decimals,
 * the spec's keys as headers, codes) and Excel (Finnish) (semicolons, decimal commas, a BOM, the
 * Excel headers in English or Finnish, words for coded values, codes written as ="0123"). Pure:
 * no database, so the rules are tested on their own. Each kind of import (products, customers,
 * categories) reads its own columns with it.
 */

/** A data row: its line in the file and its cells by column key, as the kind's schema reads them. */
export type FileRow = { line: number; cells: Record<string, string>; error: ImportRowError | null };

export type ImportFile =
  | {
      ok: true;
      /** the keys of the columns read, in file order */
      columns: string[];
      /** headers the import reads past (not a product column) */
      ignored: string[];
      rows: FileRow[];
    }
  | { ok: false; error: ImportMessage };

const fileError = (message: string, values?: ImportMessage["values"]) =>
  ({ ok: false, error: { message: `import:errors.file.${message}`, values } }) as const;

/**
 * Reads a file of the kind: its header names its columns (a column of another kind is read past),
 * and it must name one of the columns that say which record a row is (a product's SKU or EAN, a
 * customer's e-mail, a category's name).
 */
export function readImportFile(text: string, kind: ImportKind): ImportFile {
  const spec = IMPORT_KIND_SPECS[kind];
  // The messages that name what the rows are (products, customers, categories).
  const kindError = (message: "empty" | "noKey") =>
    ({
      ok: false,
      error: {
        message:
          kind === "products" ? `import:errors.file.${message}` : `import:${kind}.errors.file.${message}`,
      },
    }) as const;
  const body = text.replace(/^\uFEFF/, "");
  if (hasControlCharacters(body)) {
    return fileError("controlCharacters", { line: body.split("\n").findIndex(hasControlCharacters) + 1 });
  }
  if (body.trim() === "") return kindError("empty");

  const delimiter = delimiterOf(body);
  const records: { cells: string[]; end: number }[] = [];
  try {
    parse(quoteFormulaCells(body, delimiter), {
      delimiter,
      relax_column_count: true,
      skip_empty_lines: true,
      trim: true,
      // Each record with the line it ends on (a quoted cell may span lines); nothing is returned,
      // so the parser keeps no second copy of a large file.
      on_record: (cells: string[], context: { lines: number }) => {
        records.push({ cells, end: context.lines });
        return null;
      },
    });
  } catch (error) {
    if (!(error instanceof CsvError)) throw error;
    return syntaxError(error, body, records.at(-1)?.end ?? 0);
  }

  const [header, ...data] = records;
  if (!header) return kindError("empty");
  const columns: (string | null)[] = [];
  const ignored: string[] = [];
  for (const cell of header.cells) {
    const key = cell ? columnKey(spec.columns, cell) : null;
    if (cell && !key) ignored.push(cell);
    if (key && columns.includes(key)) return fileError("duplicateColumn", { column: cell });
    // Figures derived from others (a margin, a customer's total spent): an export writes them, the import reads past.
    columns.push(key && !spec.derived.includes(key) ? key : null);
  }
  if (!spec.keys.some((key) => columns.includes(key))) return kindError("noKey");

  const filled = data.filter((record) => record.cells.some((cell) => cell !== ""));
  // An exported report ends with its total line: read back, it is no product.
  if (filled.length && isTotalLine(filled[filled.length - 1].cells)) filled.pop();
  if (filled.length === 0) return kindError("empty");
  if (filled.length > MAX_IMPORT_ROWS)
    return fileError("tooMany", { count: filled.length, max: MAX_IMPORT_ROWS });

  const rows = filled.map(({ cells, end }): FileRow => {
    const values: Record<string, string> = {};
    columns.forEach((key, index) => {
      if (key) values[key] = readCell(spec.columns, key, cells[index] ?? "");
    });
    const extra = cells.slice(columns.length).some((cell) => cell !== "");
    const error: ImportRowError | null =
      extra || cells.length < columns.length
        ? {
            column: null,
            message: "import:errors.row.cellCount",
            values: { cells: cells.length, columns: columns.length },
          }
        : null;
    // A record's first line: its last, less the line breaks inside its quoted cells.
    const breaks = cells.reduce((sum, cell) => sum + (cell.match(/\n/g)?.length ?? 0), 0);
    return { line: end - breaks, cells: values, error };
  });
  return { ok: true, columns: columns.filter((key): key is string => key !== null), ignored, rows };
}

/**
 * The separator is the one the header line uses most: Excel in Finland writes semicolons (the
 * comma is the decimal mark there), programs commas; a tab-separated paste works too.
 */
function delimiterOf(text: string): string {
  const header = text.slice(0, text.search(/\r?\n|$/));
  const counts = [",", ";", "\t"].map((d) => [d, header.split(d).length - 1] as const);
  const [best] = counts.sort((a, b) => b[1] - a[1]);
  return best[1] > 0 ? best[0] : ",";
}

/**
 * A cell written ="0123" without the CSV quotes around it (as people type the trick by hand, and
 * as Excel itself reads it) is quoted the CSV way, "=""0123""", so that its quotes are no syntax
 * error; any other quote inside an unquoted cell still is.
 */
function quoteFormulaCells(text: string, delimiter: string): string {
  const d = delimiter === "\t" ? "\\t" : delimiter;
  const cell = new RegExp(`(^|${d}|\\n)([ \\t]*)="([^"\\r\\n]*)"(?=[ \\t]*(?:${d}|\\r?\\n|$))`, "g");
  return text.includes('="') ? text.replace(cell, '$1$2"=""$3"""') : text;
}

/** The line a syntax error is on, and what to do about it. */
function syntaxError(error: CsvError, text: string, lastRecordEnd: number): ImportFile {
  // The record that failed starts on the first line with text after the last one read.
  const lines = text.split("\n");
  let next = lastRecordEnd;
  while (next < lines.length - 1 && lines[next].trim() === "") next++;
  const line = (error as CsvError & { lines?: number }).lines ?? next + 1;
  switch (error.code) {
    case "INVALID_OPENING_QUOTE":
      return fileError("quoteInCell", { line });
    case "CSV_INVALID_CLOSING_QUOTE":
      return fileError("afterQuote", { line });
    case "CSV_QUOTE_NOT_CLOSED":
      // The parser tells where the file ended; the open quote is in the record after the last one read.
      return fileError("quoteNotClosed", { line: next + 1 });
    default:
      return fileError("syntax", { line });
  }
}

const FORMULA_TEXT = /^="([\s\S]*)"$/;
const NEUTRALISED = /^'(?=[=+\-@\t\r])/;
const NUMBER_DECORATION = /[\s\u00a0\u202f€%]/g;

/**
 * A cell as the kind's schema reads it: Excel's text formula ="0123" (how a code keeps its
 * leading zero) unwrapped; the apostrophe an export puts before text that would run as a formula
 * taken off; numbers without spaces, thousands separators or units ("1 234,50 €" is 1234,50); words
 * for coded values (kyllä, Aktiivinen) read as their codes.
 */
export function readCell(columns: readonly FileColumn[], key: string, raw: string): string {
  let cell = raw.trim();
  const formula = FORMULA_TEXT.exec(cell);
  if (formula) cell = formula[1].replace(/""/g, '"').trim();
  cell = cell.replace(NEUTRALISED, "");
  const kind = columns.find((c) => c.key === key)?.kind;
  if (kind === "decimal" || kind === "integer") cell = cell.replace(NUMBER_DECORATION, "");
  return valueCode(key, cell);
}
