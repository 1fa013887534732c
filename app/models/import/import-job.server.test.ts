import { beforeEach, describe, expect, test } from "vitest";
import { productSchema } from "~/models/product/product-schema";
import { createProduct, updateProduct } from "~/models/product/product-writes.server";
import { reportFile } from "~/models/report/report.server";
import { testDatabase } from "../../../tests/setup/database";
import {
  checkImportFile,
  claimImport,
  deleteOldImports,
  getImportJob,
  listImportRows,
  runImport,
} from "./import-job.server";

const db = testDatabase();

async function sql<T>(query: string, params: unknown[] = []) {
  return db.orm.em.fork().execute<T[]>(query, params);
}

let userId = 0;
let categories: Record<string, number> = {};

beforeEach(async () => {
  await db.truncate(
    "product",
    "category",
    "alert",
    "price_history",
    "import_job",
    "audit_log",
    "user",
    "below_cost_approval",
  );
  [{ id: userId }] = await sql<{ id: number }>(
    `insert into "user" (email, password, first_name, last_name, role) values ('importer@example.fi', 'x', 'Iida', 'Importer', 'manager') returning id`,
  );
  categories = {};
  for (const name of ["Laptops", "Cables"]) {
    const [{ id }] = await sql<{ id: number }>("insert into category (name) values (?) returning id", [name]);
    categories[name] = id;
  }
});

async function product(overrides: Record<string, unknown> = {}) {
  const input = productSchema.parse({
    name: "ThinkPad E14",
    sku: "LEN-E14",
    brand: "Lenovo",
    categoryId: categories.Laptops,
    purchasePrice: "600.00",
    sellingPrice: "999.00",
    stockLevel: 25,
    supplier: "Tech Data",
    ean: "4006381333931",
    ...overrides,
  });
  const result = await db.inRequest(() => createProduct(input, null));
  if (!result.ok) throw new Error(result.reason);
  return result.product;
}

async function check(text: string) {
  const result = await db.inRequest(() => checkImportFile({ text, fileName: "catalogue.csv", userId }));
  if (!result.ok) throw new Error(`The file was refused: ${JSON.stringify(result.error)}`);
  return (await db.inRequest(() => getImportJob(result.id))) as NonNullable<
    Awaited<ReturnType<typeof getImportJob>>
  >;
}

function rows(id: number, action: "create" | "update" | "unchanged" | "error") {
  return db.inRequest(() => listImportRows(id, action, { limit: 100, offset: 0 }));
}

async function commit(id: number, options: { batchSize?: number } = {}) {
  expect(await db.inRequest(() => claimImport(id, userId))).toBe(true);
  await runImport(db.orm, id, options);
  return db.inRequest(() => getImportJob(id));
}

/** The catalogue as the standard CSV of the export writes it (spec keys, codes, "." decimals). */
const STANDARD_HEADER =
  "name,sku,brand,category,purchasePrice,sellingPrice,vatInclusive,vatRate,marginPercentage,marginCategory,stockLevel,status,supplier,ean";

describe("the round trip through the real export", () => {
  test("an export imports back unchanged in both formats; two prices changed in Excel are two updates and two history rows", async () => {
    await product();
    await product({
      name: "USB-C cable 1 m",
      sku: "CAB-1",
      brand: "Belkin",
      categoryId: categories.Cables,
      ean: "0012345678905",
    });
    await product({
      name: "=cmd|x",
      sku: "ODD-1",
      brand: "Odd",
      categoryId: null,
      ean: null,
      vatRate: "13.5",
      status: "eol",
    });
    for (const dialect of [
      { format: "csv", language: "en" },
      { format: "excel", language: "fi" },
      { format: "excel", language: "en" },
    ] as const) {
      const text = await db.inRequest(() => new Response(reportFile("products", null, dialect)).text());
      const job = await check(text);
      expect(job.counts, `${dialect.format} ${dialect.language}`).toEqual({
        create: 0,
        update: 0,
        unchanged: 3,
        error: 0,
      });
    }
    const excel = await db.inRequest(() =>
      new Response(reportFile("products", null, { format: "excel", language: "fi" })).text(),
    );
    // Two selling prices changed as a Finnish user types them in Excel (decimal comma).
    const changed = excel
      .split("\r\n")
      .map((line) =>
        line.includes("LEN-E14") || line.includes("CAB-1") ? line.replace(";999,00;", ";899,00;") : line,
      )
      .join("\r\n");
    expect(changed).not.toBe(excel);
    const job = await check(changed);
    expect(job.counts).toEqual({ create: 0, update: 2, unchanged: 1, error: 0 });
    const before = await sql<{ count: number }>("select count(*)::int as count from price_history");
    expect(await commit(job.id)).toMatchObject({ status: "done" });
    const after = await sql<{ count: number }>("select count(*)::int as count from price_history");
    expect(after[0].count - before[0].count).toBe(2);
    const prices = await sql<{ sku: string; selling_price: string; margin_percent: string }>(
      "select sku, selling_price, margin_percent from product where sku in ('LEN-E14', 'CAB-1') order by sku",
    );
    expect(prices).toEqual([
      { sku: "CAB-1", selling_price: "899.00", margin_percent: "33.3" },
      { sku: "LEN-E14", selling_price: "899.00", margin_percent: "33.3" },
    ]);
  });
});

describe("checking a file against the catalogue", () => {
  test("a file identical to the catalogue previews no creates and no updates", async () => {
    await product();
    await product({
      name: "USB-C cable 1 m",
      sku: "CAB-1",
      brand: "Belkin",
      categoryId: categories.Cables,
      purchasePrice: "3.00",
      sellingPrice: "9.90",
      ean: null,
      stockLevel: 100,
    });
    await product({
      name: "=HYPERLINK(x)",
      sku: "ODD-1",
      brand: "Odd",
      categoryId: null,
      ean: null,
      vatRate: "13.5",
      vatInclusive: "false",
      status: "eol",
    });
    const csv = [
      STANDARD_HEADER,
      "ThinkPad E14,LEN-E14,Lenovo,Laptops,600.00,999.00,true,25.50,39.9,high,25,active,Tech Data,4006381333931",
      "USB-C cable 1 m,CAB-1,Belkin,Cables,3.00,9.90,true,25.50,69.7,high,100,active,Tech Data,",
      // The export neutralises text that a spreadsheet would run as a formula.
      "'=HYPERLINK(x),ODD-1,Odd,,600.00,999.00,false,13.50,32.1,high,25,eol,Tech Data,",
    ].join("\n");
    const job = await check(csv);
    expect(job.counts).toEqual({ create: 0, update: 0, unchanged: 3, error: 0 });
    expect(job.ignoredColumns).toEqual([]);
  });

  test("two changed prices are two updates with their new margins; other rows stay unchanged", async () => {
    await product();
    await product({
      name: "ThinkPad T14",
      sku: "LEN-T14",
      ean: null,
      purchasePrice: "900.00",
      sellingPrice: "1499.00",
    });
    await product({
      name: "Mouse",
      sku: "LOG-M1",
      brand: "Logitech",
      ean: null,
      purchasePrice: "10.00",
      sellingPrice: "24.90",
    });
    const csv = [
      "sku,name,purchasePrice,sellingPrice",
      "LEN-E14,ThinkPad E14,600.00,899.00",
      "LEN-T14,ThinkPad T14,900.00,999.00",
      "LOG-M1,Mouse,10.00,24.90",
    ].join("\n");
    const job = await check(csv);
    expect(job.counts).toEqual({ create: 0, update: 2, unchanged: 1, error: 0 });
    const updates = await rows(job.id, "update");
    expect(updates.map((row) => [row.line, row.detail, row.changes])).toEqual([
      [2, "LEN-E14", [{ column: "sellingPrice", from: "999.00", to: "899.00" }]],
      [3, "LEN-T14", [{ column: "sellingPrice", from: "1499.00", to: "999.00" }]],
    ]);
    // (899 - 600) / 899 = 33.3 %; (999 - 900) / 999 = 9.9 %, now low.
    expect(updates.map((row) => [row.before?.margin, row.after?.margin, row.after?.marginCategory])).toEqual([
      [39.9, 33.3, "high"],
      [40, 9.9, "low"],
    ]);
    expect(updates[0].before?.sellingPrice).toBe("999.00");
    expect(updates[0].after?.sellingPrice).toBe("899.00");
  });

  test('a Finnish Excel file (BOM, semicolons, decimal commas, ="..." codes, Finnish headers and words) is read', async () => {
    const csv = [
      "\uFEFFNimi;Tuotekoodi (SKU);Merkki;Tuoteryhmä;Ostohinta;Myyntihinta;Hinnat sis. ALV;ALV-kanta %;Kateprosentti;Kateluokka;Varastosaldo;Tila;Toimittaja;EAN-koodi",
      // A code as csv-stringify quotes it ("=""0042-KB""") and one as people type it (="0012...").
      'Näppäimistö;"=""0042-KB""";Logitech;Laptops;1 234,50;2 099,90;kyllä;25,5;41,2;Hyvä;7;Aktiivinen;Tech Data;="0012345678905"',
      'Kaapeli;="CAB-9";Belkin;Cables;3,10;9,90;ei;14;;;0;Poistuva;Tech Data;=""',
    ].join("\r\n");
    const job = await check(csv);
    expect(job.counts).toEqual({ create: 2, update: 0, unchanged: 0, error: 0 });
    expect(await commit(job.id)).toMatchObject({ status: "done", progress: 2 });
    const created = await sql<Record<string, unknown>>(
      `select sku, purchase_price, selling_price, vat_inclusive, vat_rate, stock_level, status, ean, category_id
       from product order by sku`,
    );
    expect(created).toEqual([
      {
        sku: "0042-KB",
        purchase_price: "1234.50",
        selling_price: "2099.90",
        vat_inclusive: true,
        vat_rate: "25.50",
        stock_level: 7,
        status: "active",
        ean: "0012345678905",
        category_id: categories.Laptops,
      },
      {
        sku: "CAB-9",
        purchase_price: "3.10",
        selling_price: "9.90",
        vat_inclusive: false,
        vat_rate: "14.00",
        stock_level: 0,
        status: "eol",
        ean: null,
        category_id: categories.Cables,
      },
    ]);
  });

  test("a row matches its product by SKU in any letter case, else by EAN; columns the file lacks keep their values", async () => {
    const first = await product();
    const byEan = await product({ name: "Dock", sku: "DOCK-OLD", ean: "0012345678905" });
    const job = await check(
      ["SKU;EAN;Brand", "len-e14;;Lenovo Group", "DOCK-NEW;0012345678905;Lenovo"].join("\n"),
    );
    expect(job.counts).toEqual({ create: 0, update: 2, unchanged: 0, error: 0 });
    const updates = await rows(job.id, "update");
    expect(updates.map((row) => [row.recordId, row.changes.map((c) => c.column)])).toEqual([
      // An empty EAN cell clears the EAN; the SKU's letter case is the file's.
      [first.id, ["sku", "brand", "ean"]],
      [byEan.id, ["sku"]],
    ]);
    await commit(job.id);
    const after = await sql<Record<string, unknown>>(
      "select sku, brand, ean, selling_price, stock_level, category_id from product order by id",
    );
    expect(after).toEqual([
      {
        sku: "len-e14",
        brand: "Lenovo Group",
        ean: null,
        selling_price: "999.00",
        stock_level: 25,
        category_id: categories.Laptops,
      },
      {
        sku: "DOCK-NEW",
        brand: "Lenovo",
        ean: "0012345678905",
        selling_price: "999.00",
        stock_level: 25,
        category_id: categories.Laptops,
      },
    ]);
  });

  test("errors name the column, the line and what to fix; a second row for one product is an error on the later line", async () => {
    await product();
    const csv = [
      "name;sku;brand;category;purchasePrice;sellingPrice;stockLevel;supplier;status;vatInclusive",
      "New one;NEW-1;Brand;No Such Category;abc;9,90;-1;Supplier;sold;maybe",
      "ThinkPad;LEN-E14;Lenovo;;600;899;25;Tech Data;;",
      "ThinkPad again;len-e14;Lenovo;;600;799;25;Tech Data;;",
      "Another;NEW-1;Brand;;1;2;3;Supplier;;",
      "No brand;NEW-2;;;1;2;3;Supplier;;",
    ].join("\n");
    const job = await check(csv);
    expect(job.counts).toEqual({ create: 0, update: 1, unchanged: 0, error: 4 });
    const errors = await rows(job.id, "error");
    expect(
      errors.map((row) => [row.line, row.errors.map((e) => [e.column, e.message, e.values ?? null])]),
    ).toEqual([
      [
        2,
        [
          ["category", "import:errors.row.unknownCategory", { name: "No Such Category" }],
          ["purchasePrice", "validation.money.format", null],
          ["vatInclusive", "import:errors.row.flag", null],
          ["stockLevel", "products:errors.stock", null],
          ["status", "import:errors.row.status", null],
        ],
      ],
      [4, [["sku", "import:errors.row.sameProduct", { line: 3 }]]],
      [5, [["sku", "import:errors.row.sameSku", { line: 2 }]]],
      [6, [["brand", "import:errors.row.required", null]]],
    ]);
  });

  test("rows are checked a batch at a time; a product named twice in different batches is still an error", async () => {
    const first = await product({ ean: "0012345678905" });
    const csv = ["sku,ean,brand", "LEN-E14,,Lenovo", "OTHER,,Lenovo", "NEW-SKU,0012345678905,Lenovo"].join(
      "\n",
    );
    const result = await db.inRequest(() =>
      checkImportFile({ text: csv, fileName: null, userId, batchSize: 1 }),
    );
    if (!result.ok) throw new Error("refused");
    const errors = await rows(result.id, "error");
    expect(errors.map((row) => [row.line, row.recordId, row.errors[0].message])).toEqual([
      [3, null, "import:errors.row.missingColumn"],
      [4, first.id, "import:errors.row.sameProduct"],
    ]);
  });

  test("a CSV syntax error names its line and keeps nothing", async () => {
    const csv = ["sku,name,sellingPrice", "A-1,One,1.00", "", 'A-2,Monitor 24",2.00', "A-3,Three,3.00"].join(
      "\n",
    );
    const result = await db.inRequest(() => checkImportFile({ text: csv, fileName: null, userId }));
    expect(result).toEqual({
      ok: false,
      error: { message: "import:errors.file.quoteInCell", values: { line: 4 } },
    });
    const unclosed = ["sku,name", "A-1,One", "", 'A-2,"Two', "A-3,Three"].join("\n");
    expect(await db.inRequest(() => checkImportFile({ text: unclosed, fileName: null, userId }))).toEqual({
      ok: false,
      error: { message: "import:errors.file.quoteNotClosed", values: { line: 4 } },
    });
    expect(await sql("select id from import_job")).toEqual([]);
  });
});

describe("running an import", () => {
  test("two changed prices write exactly two price history rows, with the new margins, as the importer", async () => {
    await product();
    await product({
      name: "ThinkPad T14",
      sku: "LEN-T14",
      ean: null,
      purchasePrice: "900.00",
      sellingPrice: "1499.00",
    });
    await product({ name: "Mouse", sku: "LOG-M1", ean: null, purchasePrice: "10.00", sellingPrice: "24.90" });
    const job = await check(
      ["sku,sellingPrice,stockLevel", "LEN-E14,899.00,25", "LEN-T14,999.00,3", "LOG-M1,24.90,25"].join("\n"),
    );
    const before = await sql<{ count: number }>("select count(*)::int as count from price_history");
    expect(await commit(job.id)).toMatchObject({ status: "done", progress: 2, committedBy: "Iida Importer" });
    const history = await sql<Record<string, unknown>>(
      `select p.sku, h.selling_price, h.margin, h.changed_by_id from price_history h join product p on p.id = h.product_id
       where h.id > ? order by p.sku`,
      [0],
    );
    expect(history.length - before[0].count).toBe(2);
    expect(history.filter((h) => h.changed_by_id === userId)).toEqual([
      { sku: "LEN-E14", selling_price: "899.00", margin: "33.30", changed_by_id: userId },
      { sku: "LEN-T14", selling_price: "999.00", margin: "9.90", changed_by_id: userId },
    ]);
    const products = await sql<Record<string, unknown>>(
      "select sku, margin_percent, margin_category, stock_level, version from product order by sku",
    );
    expect(products).toEqual([
      { sku: "LEN-E14", margin_percent: "33.3", margin_category: "high", stock_level: 25, version: 2 },
      { sku: "LEN-T14", margin_percent: "9.9", margin_category: "low", stock_level: 3, version: 2 },
      { sku: "LOG-M1", margin_percent: "59.8", margin_category: "high", stock_level: 25, version: 1 },
    ]);
    // The write path's alerts: T14 fell under 10 % and to 3 in stock.
    const alerts = await sql<{ type: string }>("select type from alert order by type");
    expect(alerts.map((a) => a.type)).toEqual(["low_margin", "low_stock"]);
    const audit = await sql<{ user_name: string }>(
      "select user_name from audit_log where entity_type = 'product' and action = 'update'",
    );
    expect(audit).toEqual([
      { user_name: "Iida Importer <importer@example.fi>" },
      { user_name: "Iida Importer <importer@example.fi>" },
    ]);
  });

  test("a row refused at the write rolls back every batch before it, and the import says why", async () => {
    const a = await product({ sku: "A-1", ean: null });
    const b = await product({ sku: "B-1", ean: null });
    const c = await product({ sku: "C-1", ean: null });
    const job = await check(
      [
        "sku,name,brand,purchasePrice,sellingPrice,supplier",
        "A-1,ThinkPad E14,Lenovo,600.00,899.00,Tech Data",
        "B-1,ThinkPad E14,Lenovo,600.00,899.00,Tech Data",
        "C-1,ThinkPad E14,Lenovo,600.00,899.00,Tech Data",
        "NEW-1,Cable,Belkin,1.00,5.00,Tech Data",
      ].join("\n"),
    );
    expect(job.counts).toMatchObject({ update: 3, create: 1 });
    // Someone edits C after the check: the import must not overwrite it, nor keep A and B.
    await db.inRequest(() =>
      updateProduct(c.id, productSchema.parse({ ...c, categoryId: c.categoryId, stockLevel: 1 }), null),
    );
    const failed = await commit(job.id, { batchSize: 1 });
    expect(failed).toMatchObject({
      status: "failed",
      progress: 0,
      failure: { message: "import:failure.changed", values: { line: 4, sku: "C-1" } },
    });
    const prices = await sql<{ id: number; selling_price: string; version: number }>(
      "select id, selling_price, version from product order by id",
    );
    expect(prices).toEqual([
      { id: a.id, selling_price: "999.00", version: 1 },
      { id: b.id, selling_price: "999.00", version: 1 },
      { id: c.id, selling_price: "999.00", version: 2 },
    ]);
    expect(await sql("select id from product where sku = 'NEW-1'")).toEqual([]);
    expect((await sql<{ count: number }>("select count(*)::int as count from price_history"))[0].count).toBe(
      3,
    );
  });

  test("a row below cost fails the import with its line unless the manager who starts it gives a reason", async () => {
    await product({ sku: "A-1", ean: null });
    const text = [
      "sku,name,brand,purchasePrice,sellingPrice,supplier",
      "A-1,ThinkPad E14,Lenovo,600.00,899.00,Tech Data",
      "NEW-1,Cable,Belkin,10.00,5.00,Tech Data",
    ].join("\n");
    const job = await check(text);
    expect(await commit(job.id)).toMatchObject({
      status: "failed",
      failure: { message: "import:failure.belowCost", values: { line: 3, sku: "NEW-1", margin: -100 } },
    });
    expect(await sql("select id from product where sku = 'NEW-1'")).toEqual([]);
    const again = await check(text);
    expect(await db.inRequest(() => claimImport(again.id, userId))).toBe(true);
    await runImport(db.orm, again.id, { belowCostReason: "Bundled with laptops" });
    expect(await db.inRequest(() => getImportJob(again.id))).toMatchObject({ status: "done" });
    expect(
      await sql("select subject, label, price, reason, user_id from below_cost_approval order by id"),
    ).toEqual([
      {
        subject: "product",
        label: "Cable (NEW-1)",
        price: "5.00",
        reason: "Bundled with laptops",
        user_id: userId,
      },
    ]);
  });

  test("an import runs once: claimed once, and a second run finds nothing to do", async () => {
    await product();
    const job = await check(["sku,sellingPrice", "LEN-E14,899.00"].join("\n"));
    expect(await db.inRequest(() => claimImport(job.id, userId))).toBe(true);
    expect(await db.inRequest(() => claimImport(job.id, userId))).toBe(false);
    await Promise.all([runImport(db.orm, job.id), runImport(db.orm, job.id)]);
    await runImport(db.orm, job.id);
    expect(await db.inRequest(() => getImportJob(job.id))).toMatchObject({ status: "done", progress: 1 });
    const [{ count }] = await sql<{ count: number }>("select count(*)::int as count from price_history");
    expect(count).toBe(2);
  });

  test("an import with errors or nothing to write cannot be started", async () => {
    await product();
    const unchanged = await check(["sku,sellingPrice", "LEN-E14,999.00"].join("\n"));
    const wrong = await check(["sku,sellingPrice", "LEN-E14,abc"].join("\n"));
    expect(await db.inRequest(() => claimImport(unchanged.id, userId))).toBe(false);
    expect(await db.inRequest(() => claimImport(wrong.id, userId))).toBe(false);
  });
});

describe("old imports", () => {
  test("a check nobody started is forgotten after a day, a finished import after 30 days", async () => {
    await product();
    const stale = await check(["sku,sellingPrice", "LEN-E14,899.00"].join("\n"));
    const finished = await check(["sku,sellingPrice", "LEN-E14,899.00"].join("\n"));
    await commit(finished.id);
    await sql("update import_job set created_at = now() - interval '2 days'");
    expect(await deleteOldImports(db.orm.em.fork(), new Date())).toBe(1);
    expect(await sql("select id from import_job")).toEqual([{ id: finished.id }]);
    expect(await sql("select id from import_job_row where job_id = ?", [stale.id])).toEqual([]);
    expect(await deleteOldImports(db.orm.em.fork(), new Date(Date.now() + 31 * 24 * 3600 * 1000))).toBe(1);
  });
});
