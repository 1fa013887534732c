import { type ImportFile, readCell, readImportFile } from "~/models/import/read-file";
import { IMPORT_COLUMNS } from "./product-import";

export type { FileRow } from "~/models/import/read-file";

/**
 * Reads a product file (either format; see read-file.ts): it must name a SKU or an EAN column;
 * the margin and stock value columns are read past.
 */
export function readProductFile(text: string): ImportFile {
  return readImportFile(text, "products");
}

/** A cell of a product column as the product schema reads it. */
export function cellValue(key: string, raw: string): string {
  return readCell(IMPORT_COLUMNS, key, raw);
}
