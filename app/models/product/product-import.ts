// The product import's file format, shared by the import pages and the server. The columns are
// the export's (report/file-columns.ts), so an exported file reads back. What every import shares
// (the groups, the statuses, the row as the preview shows it) is in ~/models/import/import.ts.
import { type FileColumn, PRODUCT_COLUMNS } from "~/models/report/file-columns";

/**
 * Columns the import reads besides the export's: the product form's barcode, picture, location and
 * reorder figures. The export leaves them out, so a re-imported export leaves them as they are; a
 * file that has one sets it (an empty cell: none, or for the reorder figures the shop's default).
 */
export const IMPORT_ONLY_COLUMNS: readonly FileColumn[] = [
  { key: "barcode", header: { en: "Barcode", fi: "Viivakoodi" }, kind: "code" },
  { key: "imageUrl", header: { en: "Image URL", fi: "Kuvan osoite" }, kind: "text" },
  // A stock count may cover one location (issue #15): kept as text, "012" stays "012".
  { key: "location", header: { en: "Location", fi: "Hyllypaikka" }, kind: "code" },
  // A shop that moves from another system brings its reorder rules (Odoo's min/max) with it.
  { key: "reorderPoint", header: { en: "Reorder point", fi: "Tilauspiste" }, kind: "integer" },
  { key: "reorderQuantity", header: { en: "Reorder quantity", fi: "Tilausmäärä" }, kind: "integer" },
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

/** The figures a row's price and margin columns show. */
export type ImportFigures = {
  purchasePrice: string;
  sellingPrice: string;
  margin: number;
  marginCategory: "low" | "medium" | "high";
};
