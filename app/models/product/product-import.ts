// The product import's CSV format, shared by the import page and the server.

/** The CSV columns a product import reads (header names, any letter case). */
export const IMPORT_COLUMNS = [
  "name",
  "sku",
  "brand",
  "category",
  "purchasePrice",
  "sellingPrice",
  "vatInclusive",
  "vatRate",
  "stockLevel",
  "supplier",
  "ean",
  "barcode",
  "imageUrl",
  "status",
] as const;
export const REQUIRED_IMPORT_COLUMNS = ["name", "sku", "brand", "purchasePrice", "sellingPrice", "supplier"];
export const MAX_IMPORT_ROWS = 10_000;
