import { stringify } from "csv-stringify/sync";
import { timesQuantity } from "~/models/money";
import { type ExportedProduct, productPages } from "~/models/product/product.server";
import { em } from "~/utils/db.server";
import type { ReportType } from "./report";

/** The report's file name: its English title and .csv (spec). */
export const REPORT_TITLES: Record<ReportType, string> = {
  products: "Product List",
  "low-margin": "Low Margin Products",
  "low-stock": "Low Stock Products",
  "inventory-value": "Inventory Value",
};

/**
 * A spreadsheet runs a cell that starts with = + - @ tab or CR as a formula: such text from users
 * gets a leading apostrophe. Numbers are ours and stay numbers.
 */
export function neutralise(text: string | null): string {
  const value = text ?? "";
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

function row(type: ReportType, p: ExportedProduct): Record<string, string | number> {
  const base = {
    name: neutralise(p.name),
    sku: neutralise(p.sku),
    brand: neutralise(p.brand),
    category: neutralise(p.categoryName),
  };
  if (type === "inventory-value") {
    return {
      ...base,
      stockLevel: p.stockLevel,
      sellingPrice: p.sellingPrice,
      inventoryValue: timesQuantity(p.sellingPrice, p.stockLevel),
    };
  }
  return {
    ...base,
    purchasePrice: p.purchasePrice,
    sellingPrice: p.sellingPrice,
    vatInclusive: p.vatInclusive ? "true" : "false",
    marginPercentage: p.margin.toFixed(1),
    marginCategory: p.marginCategory,
    stockLevel: p.stockLevel,
    status: p.status,
    supplier: neutralise(p.supplier),
    ean: neutralise(p.ean),
  };
}

/**
 * The report as a stream of CSV text, read from the database a page at a time. The header is the
 * keys of the first row (spec); an empty report is just its header.
 */
export function reportCsv(type: ReportType, categoryId: number | null): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const filters = {
    categoryId,
    lowMargin: type === "low-margin",
    lowStock: type === "low-stock",
  };
  // The stream is read after the loader has returned: it keeps this request's EntityManager.
  const pages = productPages(filters, 1000, em());
  let header = true;
  return new ReadableStream({
    async pull(controller) {
      const next = await pages.next();
      if (next.done) {
        if (header) controller.enqueue(encoder.encode(`${Object.keys(row(type, EMPTY)).join(",")}\n`));
        controller.close();
        return;
      }
      const rows = next.value.map((p) => row(type, p));
      controller.enqueue(encoder.encode(stringify(rows, { header })));
      header = false;
    },
  });
}

const EMPTY = {
  name: "",
  sku: "",
  brand: "",
  categoryName: null,
  purchasePrice: "0",
  sellingPrice: "0",
  vatInclusive: true,
  margin: 0,
  marginCategory: "low",
  stockLevel: 0,
  status: "active",
  supplier: "",
  ean: null,
} as unknown as ExportedProduct;
