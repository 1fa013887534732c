// The product import's file format and what its check finds, shared by the import pages and the
// server. The columns are the export's (report/file-columns.ts), so an exported file reads back.
import { type FileColumn, PRODUCT_COLUMNS } from "~/models/report/file-columns";

/** The most rows one import takes. */
export const MAX_IMPORT_ROWS = 50_000;

/**
 * Columns the import reads besides the export's: the product form's barcode and picture. The
 * export leaves them out, so a re-imported export leaves them as they are.
 */
export const IMPORT_ONLY_COLUMNS: readonly FileColumn[] = [
  { key: "barcode", header: { en: "Barcode", fi: "Viivakoodi" }, kind: "code" },
  { key: "imageUrl", header: { en: "Image URL", fi: "Kuvan osoite" }, kind: "text" },
];

/** Every column an import file may have, in the order the template writes them. */
export const IMPORT_COLUMNS: readonly FileColumn[] = [...PRODUCT_COLUMNS, ...IMPORT_ONLY_COLUMNS];

/** What a new product cannot do without (the product form's required fields). */
export const REQUIRED_FOR_NEW = [
  "name",
  "sku",
  "brand",
  "purchasePrice",
  "sellingPrice",
  "supplier",
] as const;

/** What the check decided for a row: the preview's groups. */
export const IMPORT_ACTIONS = ["error", "update", "create", "unchanged"] as const;
export type ImportAction = (typeof IMPORT_ACTIONS)[number];

export const IMPORT_STATUSES = ["preview", "queued", "running", "done", "failed"] as const;
export type ImportStatus = (typeof IMPORT_STATUSES)[number];

/** A message for the reader: an i18n key and its values. */
export type ImportMessage = { message: string; values?: Record<string, string | number> };

/** What is wrong with a row: the column (its key, shown as its header) and what to fix. */
export type ImportRowError = ImportMessage & { column: string | null };

/** A value as a change shows it; money and rates as decimal strings ("12.50"). */
export type ImportValue = string | number | boolean | null;

/** One field an update changes. */
export type ImportChange = { column: string; from: ImportValue; to: ImportValue };

/** The figures a row's price and margin columns show. */
export type ImportFigures = {
  purchasePrice: string;
  sellingPrice: string;
  margin: number;
  marginCategory: "low" | "medium" | "high";
};

/** A row of the check, as the preview page lists it. */
export type ImportRowView = {
  line: number;
  action: ImportAction;
  name: string;
  sku: string;
  productId: number | null;
  changes: ImportChange[];
  errors: ImportRowError[];
  before: ImportFigures | null;
  after: ImportFigures | null;
};

export type ImportCounts = Record<ImportAction, number>;

/** The import as its page shows it. */
export type ImportJobView = {
  id: number;
  status: ImportStatus;
  fileName: string | null;
  counts: ImportCounts;
  total: number;
  /** rows written so far, of `toWrite` */
  progress: number;
  toWrite: number;
  /** columns of the file the import reads past, as the file names them */
  ignoredColumns: string[];
  failure: ImportMessage | null;
  createdBy: string | null;
  committedBy: string | null;
  createdAt: string;
  startedAt: string | null;
  finishedAt: string | null;
};

/** The header of a column in the interface language (the Excel file's), or the key itself. */
export function columnHeader(key: string, language: string): string {
  const column = IMPORT_COLUMNS.find((c) => c.key === key);
  if (!column) return key;
  return language === "fi" ? column.header.fi : column.header.en;
}
