import type { EntityManager } from "@mikro-orm/postgresql";
import { em } from "~/infra/db.server";
import { env } from "~/infra/env.server";
import { keptFigure } from "~/models/dashboard/kept-figure.server";
import { type FileProduct, productPages } from "~/models/product/product-reads.server";
import { valueAtCostSql, valueAtPriceSql } from "~/models/product/stock-value-sql";
import { locationProductPages } from "~/models/stock/location-stock.server";
import { vatRateKey } from "~/models/vat";
import { type FileColumn, INVENTORY_VALUE_COLUMNS, PRODUCT_COLUMNS } from "./file-columns";
import { type CellValue, type Dialect, fileStream, totalLine } from "./file-format";
import type { ReportType } from "./report";
import { type ReportTotals, totalsCounter } from "./report-totals";

export { neutralise } from "./file-format";

/** A report's columns, in file order. */
export function reportColumns(type: ReportType): readonly FileColumn[] {
  return type === "inventory-value" ? INVENTORY_VALUE_COLUMNS : PRODUCT_COLUMNS;
}

/** A product's values by column key, as the file's cells take them (formatFile writes them). */
function values(p: FileProduct): Record<string, CellValue> {
  return {
    name: p.name,
    sku: p.sku,
    brand: p.brand,
    category: p.categoryName,
    purchasePrice: p.purchasePrice,
    sellingPrice: p.sellingPrice,
    vatInclusive: p.vatInclusive,
    vatRate: vatRateKey(p.vatRate),
    marginPercentage: Number(p.marginPercent).toFixed(1),
    marginCategory: p.marginCategory,
    stockLevel: p.stockLevel,
    status: p.status,
    supplier: p.supplierName,
    ean: p.ean,
    unit: p.unit,
    netQuantity: p.netQuantity,
    tracking: p.tracking,
    guaranteeMonths: p.guaranteeMonths,
    inventoryValue: p.inventoryValue,
    valueAtCost: p.valueAtCost,
  };
}

/**
 * The report as a stream of file text in the dialect, read from the database a page at a time:
 * the header, a line per product, and the total line, which adds up the lines as they pass (so
 * its values are the sums of the rows to the cent, and nothing holds more than a page).
 * `onTotals` hears the total line's figures as it is written (a scheduled e-mail repeats them).
 */
export function reportFile(
  type: ReportType,
  categoryId: number | null,
  dialect: Dialect,
  {
    db = em(),
    onTotals,
    locationId = null,
  }: {
    db?: EntityManager;
    onTotals?: (totals: ReportTotals) => void;
    /** One location's (issue #32): the products it carries, their stock what it holds. */
    locationId?: number | null;
  } = {},
): ReadableStream<Uint8Array> {
  const columns = reportColumns(type);
  const filters = {
    categoryId,
    lowMargin: type === "low-margin",
    lowStock: type === "low-stock",
  };
  const counter = totalsCounter();
  return fileStream({
    columns,
    dialect,
    // The stream is read after the loader has returned: it keeps this request's EntityManager.
    // Pages of 250: what is alive while a page is written is small, so little of it outlives
    // the young generation (docs/decisions.md, "Export memory").
    pages: locationId ? locationProductPages(locationId, filters, 250, db) : productPages(filters, 250, db),
    values,
    count: (product) =>
      counter.add({
        stockLevel: product.stockLevel,
        inventoryValue: product.inventoryValue,
        valueAtCost: product.valueAtCost,
        margin: Number(product.marginPercent),
      }),
    total: () => {
      const totals = counter.totals();
      onTotals?.(totals);
      return totalLine(columns, totals, dialect);
    },
  });
}

/**
 * Every report's totals over the whole catalogue, in one pass of SQL (no rows loaded): the same
 * figures as the total line of its file, each product's value at cost to the cent.
 */
export async function reportTotals(
  locationId: number | null = null,
  db: EntityManager = em(),
): Promise<Record<ReportType, ReportTotals>> {
  const figures = (name: string, where: string) =>
    `count(*) filter (where ${where})::int as ${name}_products,
     coalesce(sum(units) filter (where ${where}), 0)::text as ${name}_units,
     coalesce(sum(value) filter (where ${where}), 0)::numeric(30,2)::text as ${name}_value,
     coalesce(sum(cost) filter (where ${where}), 0)::numeric(30,2)::text as ${name}_cost,
     round(avg(margin) filter (where ${where}), 1)::text as ${name}_margin`;
  // Each product's figures once (the inner select), then each report's sums of them; kept with
  // the catalogue's change stamp, so the page scans the catalogue only after a product changed.
  const threshold = env().LOW_STOCK_THRESHOLD;
  const sums = `select ${figures("every", "true")},
       ${figures("low_margin", "low_margin")},
       ${figures("low_stock", "low_stock")}`;
  // One location's (issue #32): the products it carries, their stock what it holds there (the
  // product report's file of that location adds up the same rows).
  const atPlace = (name: string) => (name === "stock_level" ? "ps.quantity" : `p.${name}`);
  const row = locationId
    ? (
        await db.execute<Record<string, string | number | null>[]>(
          `${sums}
         from (select ps.quantity as units, ${valueAtPriceSql(atPlace)} as value, ${valueAtCostSql(atPlace)} as cost,
                 p.margin_percent as margin, p.margin_category = 'low' as low_margin, ps.quantity <= ? as low_stock
               from product_stock ps join product p on p.id = ps.product_id where ps.location_id = ?) as p`,
          [threshold, locationId],
        )
      )[0]
    : await keptFigure<Record<string, string | number | null>>(`report-totals:${threshold}`, {
        sql: `${sums}
     from (select stock_level as units, ${valueAtPriceSql()} as value, ${valueAtCostSql()} as cost,
             margin_percent as margin, margin_category = 'low' as low_margin, stock_level <= ? as low_stock
           from product) as p`,
        params: [threshold],
      });
  const totals = (name: string): ReportTotals => ({
    products: Number(row[`${name}_products`]),
    units: Number(row[`${name}_units`]),
    value: String(row[`${name}_value`]),
    valueAtCost: String(row[`${name}_cost`]),
    averageMargin: row[`${name}_margin`] === null ? null : Number(row[`${name}_margin`]),
  });
  const every = totals("every");
  return {
    products: every,
    "low-margin": totals("low_margin"),
    "low-stock": totals("low_stock"),
    "inventory-value": every,
  };
}
