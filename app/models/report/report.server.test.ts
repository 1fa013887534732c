import { parse } from "csv-parse/sync";
import { beforeAll, describe, expect, test } from "vitest";
import { em } from "~/infra/db.server";
import { getDashboardStats } from "~/models/dashboard/dashboard.server";
import { fromBigCents, toBigCents } from "~/models/money";
import { productSchema } from "~/models/product/product-schema";
import { createProducts } from "~/models/product/product-writes.server";
import { testDatabase } from "../../../tests/setup/database";
import { INVENTORY_VALUE_COLUMNS, PRODUCT_COLUMNS } from "./file-columns";
import type { Dialect } from "./file-format";
import type { ReportType } from "./report";
import { reportFile, reportTotals } from "./report.server";
import { averageTenths } from "./report-totals";

const db = testDatabase();
const RATES = ["25.5", "13.5", "10", "0", "24"];
/** More than a page of the stream (1,000 rows), with prices whose value at cost needs rounding. */
const PRODUCTS = 1234;

beforeAll(async () => {
  const inputs = Array.from({ length: PRODUCTS }, (_, i) =>
    productSchema.parse({
      name: `Product ${i}`,
      sku: `R-${String(i).padStart(5, "0")}`,
      brand: "B",
      supplier: "S",
      purchasePrice: `${(i * 37) % 900}.${String((i * 7) % 100).padStart(2, "0")}`,
      sellingPrice: `${((i * 53) % 1000) + 1}.99`,
      vatInclusive: i % 3 !== 0,
      vatRate: RATES[i % RATES.length],
      stockLevel: (i * 11) % 97,
      ean: i % 10 === 0 ? "0012345678905" : null,
    }),
  );
  // A generated catalogue, many of its prices below cost: written as the seeders write theirs
  // (the below-cost guard asks a person, and there is none).
  const created = await db.inRequest(() =>
    em().transactional((tx) => createProducts(tx, inputs, null, { source: "seed" })),
  );
  if (!created.ok) throw new Error(created.reason);
});

async function download(type: ReportType, dialect: Dialect) {
  return db.inRequest(async () => new Response(reportFile(type, null, dialect)).text());
}

/** The file's rows (header and total line apart) as records by column key. */
function read(text: string, dialect: Dialect, type: ReportType) {
  const excel = dialect.format === "excel";
  const columns = type === "inventory-value" ? INVENTORY_VALUE_COLUMNS : PRODUCT_COLUMNS;
  const lines = parse(excel ? text.replace(/^\uFEFF/, "") : text, {
    delimiter: excel ? ";" : ",",
  }) as string[][];
  const [header, ...rest] = lines;
  expect(header).toEqual(columns.map((c) => (excel ? c.header[dialect.language] : c.key)));
  const record = (cells: string[]) =>
    Object.fromEntries(
      columns.map((c, i) => [c.key, excel && c.kind === "decimal" ? cells[i].replace(",", ".") : cells[i]]),
    );
  return { rows: rest.slice(0, -1).map(record), total: rest[rest.length - 1], record };
}

const sumCents = (values: string[]) =>
  fromBigCents(values.reduce((sum, v) => sum + (toBigCents(v) ?? 0n), 0n));

describe("a report's total line", () => {
  for (const dialect of [
    { format: "csv", language: "en" },
    { format: "excel", language: "fi" },
  ] satisfies Dialect[]) {
    test(`of the inventory value report (${dialect.format}) is the sum of its rows to the cent`, async () => {
      const { rows, total, record } = read(
        await download("inventory-value", dialect),
        dialect,
        "inventory-value",
      );
      expect(rows).toHaveLength(PRODUCTS);
      const totals = record(total);
      expect(totals.name).toBe(dialect.format === "excel" ? "Yhteensä" : "Total");
      expect(totals.sku).toBe(String(PRODUCTS));
      expect(totals.stockLevel).toBe(String(rows.reduce((sum, r) => sum + Number(r.stockLevel), 0)));
      expect(totals.inventoryValue).toBe(sumCents(rows.map((r) => r.inventoryValue)));
      expect(totals.valueAtCost).toBe(sumCents(rows.map((r) => r.valueAtCost)));
      const tenths = rows.reduce((sum, r) => sum + Math.round(Number(r.marginPercentage) * 10), 0);
      expect(totals.marginPercentage).toBe(averageTenths(tenths, rows.length)?.toFixed(1));
      // Each row's value is its own stock times its price.
      for (const r of rows.slice(0, 50)) {
        const price = toBigCents(r.sellingPrice) as bigint;
        expect(r.inventoryValue).toBe(fromBigCents(price * BigInt(r.stockLevel)));
      }
    });
  }

  test("is what the reports page shows, for every report, and its value at cost is the dashboard's to rounding", async () => {
    const totals = await db.inRequest(() => reportTotals());
    const dialect: Dialect = { format: "csv", language: "en" };
    for (const type of ["products", "low-margin", "low-stock", "inventory-value"] as const) {
      const { rows, total, record } = read(await download(type, dialect), dialect, type);
      const line = record(total);
      expect(rows.length).toBeGreaterThan(0);
      expect(
        {
          products: Number(line.sku),
          units: Number(line.stockLevel),
          value: line.inventoryValue,
          valueAtCost: line.valueAtCost,
          averageMargin: Number(line.marginPercentage),
        },
        type,
      ).toEqual(totals[type]);
    }
    // The dashboard adds each product's unrounded value at cost: at most half a cent apart per product.
    const stats = await db.inRequest(() => getDashboardStats());
    const apart =
      (toBigCents(totals.products.valueAtCost) as bigint) -
      (toBigCents(stats.inventoryValueAtCost) as bigint);
    expect(Math.abs(Number(apart))).toBeLessThanOrEqual(PRODUCTS / 2);
    expect(totals.products.value).toBe(stats.inventoryValue);
    expect(totals.products.products).toBe(stats.totalProducts);
    expect(totals.products.averageMargin).toBe(stats.avgMargin);
  });

  test("keeps codes as text in the Excel file", async () => {
    const dialect: Dialect = { format: "excel", language: "fi" };
    const { rows } = read(await download("products", dialect), dialect, "products");
    expect(rows[0].sku).toBe('="R-00000"');
    expect(rows[0].ean).toBe('="0012345678905"');
    expect(rows[1].ean).toBe("");
  });
});
