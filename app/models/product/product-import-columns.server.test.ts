import { beforeEach, expect, test } from "vitest";
import {
  checkImportFile,
  claimImport,
  getImportJob,
  listImportRows,
  runImport,
} from "~/models/import/import-job.server";
import { testDatabase } from "../../../tests/setup/database";
import { getProduct } from "./product-reads.server";
import { productSchema } from "./product-schema";
import { createProduct, updateProduct } from "./product-writes.server";

/**
 * The product fields the import reads besides the export's columns: a location (a shelf or bin,
 * issue #15: a stock count may cover one shelf) and the reorder figures. Set by the form, the API
 * and the import; a change or a file that names none keeps them, an empty one clears them.
 */
const db = testDatabase();

const fields = {
  name: "Anker Nano 20W",
  sku: "LOC-1",
  brand: "Anker",
  purchasePrice: "9.00",
  sellingPrice: "19.90",
  stockLevel: 4,
  supplier: "Tech Data",
};

async function location(id: number) {
  return (await db.inRequest(() => getProduct(id)))?.location;
}

beforeEach(() => db.truncate("product", "price_history", "alert", "stock_movement", "import_job", "user"));

test("a change without a location keeps it; an empty one clears it; it is at most 50 characters", async () => {
  const made = await db.inRequest(() =>
    createProduct(productSchema.parse({ ...fields, location: " A-12 " }), null),
  );
  if (!made.ok) throw new Error(made.reason);
  expect(made.product.location).toBe("A-12");
  await db.inRequest(() =>
    updateProduct(made.product.id, productSchema.parse({ ...fields, name: "Renamed" }), null),
  );
  expect(await location(made.product.id)).toBe("A-12");
  await db.inRequest(() =>
    updateProduct(made.product.id, productSchema.parse({ ...fields, location: "" }), null),
  );
  expect(await location(made.product.id)).toBeNull();
  expect(productSchema.safeParse({ ...fields, location: "x".repeat(51) }).error?.issues[0]).toMatchObject({
    path: ["location"],
    message: "validation.tooLong",
  });
});

async function importer() {
  const [{ id: userId }] = await db.orm.em
    .fork()
    .execute<{ id: number }[]>(
      `insert into "user" (email, password, role) values ('loc@example.fi', 'x', 'manager') returning id`,
    );
  return async (text: string) => {
    const checked = await db.inRequest(() => checkImportFile({ text, fileName: "catalogue.csv", userId }));
    if (!checked.ok) throw new Error(JSON.stringify(checked.error));
    const job = await db.inRequest(() => getImportJob(checked.id));
    // Only an import with something to write is started.
    if (job?.counts.update || job?.counts.create) {
      expect(await db.inRequest(() => claimImport(checked.id, userId))).toBe(true);
      await runImport(db.orm, checked.id);
    }
    return job;
  };
}

test("the import sets a location from its Location column and keeps it in a file without the column", async () => {
  const run = await importer();
  const made = await db.inRequest(() => createProduct(productSchema.parse(fields), null));
  if (!made.ok) throw new Error(made.reason);
  const first = await run("sku,location\nLOC-1,b-7\n");
  expect(first?.counts).toMatchObject({ update: 1, error: 0 });
  expect(await location(made.product.id)).toBe("b-7");
  const second = await run("sku,stockLevel\nLOC-1,4\n");
  expect(second?.counts).toMatchObject({ update: 0, unchanged: 1, error: 0 });
  expect(await location(made.product.id)).toBe("b-7");
});

test("the import sets reorder figures from their columns, in Finnish Excel too; an empty cell is the shop's default", async () => {
  const run = await importer();
  const made = await db.inRequest(() => createProduct(productSchema.parse(fields), null));
  if (!made.ok) throw new Error(made.reason);
  const figures = async () => {
    const product = await db.inRequest(() => getProduct(made.product.id));
    return [product?.reorderPoint, product?.reorderQuantity];
  };
  expect((await run("sku,reorderPoint,reorderQuantity\nLOC-1,5,20\n"))?.counts).toMatchObject({ update: 1 });
  expect(await figures()).toEqual([5, 20]);
  // A file without the columns keeps them.
  expect((await run("sku,stockLevel\nLOC-1,4\n"))?.counts).toMatchObject({ unchanged: 1, error: 0 });
  expect(await figures()).toEqual([5, 20]);
  // Excel in Finnish: its headers, a semicolon, a thousands space.
  expect(
    (await run("\uFEFFTuotekoodi (SKU);Tilauspiste;Tilausmäärä\nLOC-1;1\u00a0200;\n"))?.counts,
  ).toMatchObject({ update: 1, error: 0 });
  expect(await figures()).toEqual([1200, null]);
  // Nonsense is the row's error, naming the column; nothing changes.
  const refused = await run("sku,reorderPoint,reorderQuantity\nLOC-1,-1,lots\n");
  expect(refused?.counts).toMatchObject({ update: 0, error: 1 });
  expect(await figures()).toEqual([1200, null]);
  // A new product without the columns gets the shop's defaults (none of its own).
  const created = await run(
    "name,sku,brand,purchasePrice,sellingPrice,supplier\nNew,LOC-2,B,1.00,2.00,Tech Data\n",
  );
  expect(created?.counts).toMatchObject({ create: 1 });
  const [{ reorder_point, reorder_quantity }] = await db.orm.em
    .fork()
    .execute(`select reorder_point, reorder_quantity from product where sku = 'LOC-2'`);
  expect([reorder_point, reorder_quantity]).toEqual([null, null]);
});

test("the import sets a unit and net quantity from their columns (net_quantity too, Finnish Excel too); bad cells are the row's errors", async () => {
  const run = await importer();
  const made = await db.inRequest(() => createProduct(productSchema.parse(fields), null));
  if (!made.ok) throw new Error(made.reason);
  const measure = async () => {
    const product = await db.inRequest(() => getProduct(made.product.id));
    return [product?.unit, product?.netQuantity];
  };
  expect((await run("sku,unit,net_quantity\nLOC-1,m,5\n"))?.counts).toMatchObject({ update: 1, error: 0 });
  expect(await measure()).toEqual(["m", "5"]);
  // The same again (stored as 5.000), and a file without the columns: nothing to change.
  expect((await run("sku,unit,netQuantity\nLOC-1,m,5.0\n"))?.counts).toMatchObject({ unchanged: 1 });
  expect((await run("sku,stockLevel\nLOC-1,4\n"))?.counts).toMatchObject({ unchanged: 1, error: 0 });
  expect(await measure()).toEqual(["m", "5"]);
  expect((await run("\uFEFFTuotekoodi (SKU);Yksikkö;Nettomäärä\nLOC-1;l;0,75\n"))?.counts).toMatchObject({
    update: 1,
    error: 0,
  });
  expect(await measure()).toEqual(["l", "0.75"]);

  // Each bad cell is its row's error on its column; nothing changes.
  for (const [file, errors] of [
    ["sku,unit,net_quantity\nLOC-1,mm,5\n", [{ column: "unit", message: "import:errors.row.unit" }]],
    [
      "sku,unit,net_quantity\nLOC-1,m,0\n",
      [{ column: "netQuantity", message: "products:errors.netQuantity.aboveZero" }],
    ],
    [
      "sku,unit,net_quantity\nLOC-1,m,abc\n",
      [{ column: "netQuantity", message: "products:errors.netQuantity.format" }],
    ],
    [
      "sku,unit,net_quantity\nLOC-1,m,1.1234567891\n",
      [{ column: "netQuantity", message: "products:errors.netQuantity.decimals" }],
    ],
    ["sku,unit,net_quantity\nLOC-1,,5\n", [{ column: "unit", message: "products:errors.unitRequired" }]],
  ] as const) {
    const job = await run(file);
    expect(job?.counts, file).toMatchObject({ update: 0, error: 1 });
    const [row] = await db.inRequest(() => listImportRows(job?.id ?? 0, "error", { limit: 5, offset: 0 }));
    expect(row.errors, file).toEqual(errors);
  }
  expect(await measure()).toEqual(["l", "0.75"]);

  // An empty unit in a file without the quantity: sold by the piece again.
  expect((await run("sku,unit\nLOC-1,\n"))?.counts).toMatchObject({ update: 1, error: 0 });
  expect(await measure()).toEqual([null, null]);
});

test("the import sets serial tracking and the guarantee from their columns (Finnish Excel too); an empty tracking keeps it; bad cells are the row's errors", async () => {
  const run = await importer();
  const made = await db.inRequest(() => createProduct(productSchema.parse(fields), null));
  if (!made.ok) throw new Error(made.reason);
  const tracked = async () => {
    const product = await db.inRequest(() => getProduct(made.product.id));
    return [product?.tracking, product?.guaranteeMonths];
  };
  expect(await tracked()).toEqual(["none", null]);
  expect((await run("sku,tracking,guarantee_months\nLOC-1,imei,24\n"))?.counts).toMatchObject({
    update: 1,
    error: 0,
  });
  expect(await tracked()).toEqual(["imei", 24]);
  // A file without the columns, or an empty tracking cell: kept.
  expect((await run("sku,stockLevel\nLOC-1,4\n"))?.counts).toMatchObject({ unchanged: 1, error: 0 });
  expect((await run("sku,tracking\nLOC-1,\n"))?.counts).toMatchObject({ unchanged: 1, error: 0 });
  expect(
    (await run("\uFEFFTuotekoodi (SKU);Sarjanumeroseuranta;Takuu (kk)\nLOC-1;serial;12\n"))?.counts,
  ).toMatchObject({ update: 1, error: 0 });
  expect(await tracked()).toEqual(["serial", 12]);
  for (const [file, errors] of [
    ["sku,tracking\nLOC-1,lot\n", [{ column: "tracking", message: "import:errors.row.tracking" }]],
    [
      "sku,guaranteeMonths\nLOC-1,121\n",
      [{ column: "guaranteeMonths", message: "products:errors.guaranteeMonths" }],
    ],
  ] as const) {
    const job = await run(file);
    expect(job?.counts, file).toMatchObject({ update: 0, error: 1 });
    const [row] = await db.inRequest(() => listImportRows(job?.id ?? 0, "error", { limit: 5, offset: 0 }));
    expect(row.errors, file).toEqual(errors);
  }
  expect(await tracked()).toEqual(["serial", 12]);
});
