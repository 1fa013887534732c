import { parse } from "csv-parse/sync";
import { beforeEach, describe, expect, test } from "vitest";
import {
  checkImportFile,
  claimImport,
  getImportJob,
  listImportRows,
  runImport,
} from "~/models/import/import-job.server";
import type { Dialect } from "~/models/report/file-format";
import { categoryFile } from "~/models/report/list-file.server";
import { testDatabase } from "../../../tests/setup/database";
import { createCategory, updateCategory } from "./category.server";

const db = testDatabase();

async function sql<T>(query: string, params: unknown[] = []) {
  return db.orm.em.fork().execute<T[]>(query, params);
}

let userId = 0;
let ids: Record<string, number> = {};

beforeEach(async () => {
  await db.truncate("product", "category", "import_job", "audit_log", "user");
  [{ id: userId }] = await sql<{ id: number }>(
    `insert into "user" (email, password, first_name, last_name, role) values ('importer@example.fi', 'x', 'Iida', 'Importer', 'manager') returning id`,
  );
  ids = {};
});

async function category(name: string, parent: string | null, description: string | null = null) {
  const result = await db.inRequest(() =>
    createCategory({ name, description, parentId: parent ? ids[parent] : null, version: null }),
  );
  if (!result.ok) throw new Error(result.reason);
  ids[name] = result.category.id;
  return result.category;
}

/** Electronics > Computers > Laptops, and Cables; a description that looks like a formula. */
async function someCategories() {
  await category("Electronics", null, "Everything with a plug");
  await category("Computers", "Electronics");
  await category("Laptops", "Computers", '=portable; "thin"');
  await category("Cables", null);
}

async function exported(dialect: Dialect) {
  const bytes = await db.inRequest(() => new Response(categoryFile(dialect)).arrayBuffer());
  return new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes);
}

async function check(text: string) {
  const result = await db.inRequest(() =>
    checkImportFile({ kind: "categories", text, fileName: "tuoteryhmat.csv", userId }),
  );
  if (!result.ok) throw new Error(`The file was refused: ${JSON.stringify(result.error)}`);
  return (await db.inRequest(() => getImportJob(result.id))) as NonNullable<
    Awaited<ReturnType<typeof getImportJob>>
  >;
}

function rows(id: number, action: "create" | "update" | "unchanged" | "error") {
  return db.inRequest(() => listImportRows(id, action, { limit: 100, offset: 0 }));
}

async function commit(id: number) {
  expect(await db.inRequest(() => claimImport(id, userId))).toBe(true);
  await runImport(db.orm, id);
  return db.inRequest(() => getImportJob(id));
}

/** The tree as name -> parent name. */
async function tree() {
  const rows = await sql<{ name: string; parent: string | null; description: string | null }>(
    "select c.name, p.name as parent, c.description from category c left join category p on p.id = c.parent_id order by c.name",
  );
  return Object.fromEntries(rows.map((r) => [r.name, r.parent]));
}

describe("the categories' round trip through the real export", () => {
  test("an export lists parents first, ends with the number of categories, and imports back unchanged in both formats", async () => {
    await someCategories();
    await sql(`insert into supplier (name) values ('Tech Data') on conflict ((lower(name))) do nothing`, []);
    await sql(
      `insert into product (name, sku, brand, purchase_price, selling_price, supplier_id, category_id)
       values ('ThinkPad', 'LEN-1', 'Lenovo', 600, 999, (select id from supplier where lower(name) = lower('Tech Data')), ?)`,
      [ids.Laptops],
    );
    for (const dialect of [
      { format: "csv", language: "en" },
      { format: "excel", language: "fi" },
      { format: "excel", language: "en" },
    ] as const) {
      const job = await check(await exported(dialect));
      expect(job.kind).toBe("categories");
      expect(job.counts, `${dialect.format} ${dialect.language}`).toEqual({
        create: 0,
        update: 0,
        unchanged: 4,
        error: 0,
      });
    }
    const excel = await exported({ format: "excel", language: "fi" });
    expect(excel.startsWith("\uFEFFNimi;Kuvaus;Yläryhmä;Tuotteita\r\n")).toBe(true);
    expect(parse(excel.replace(/^\uFEFF/, ""), { delimiter: ";" })).toEqual([
      ["Nimi", "Kuvaus", "Yläryhmä", "Tuotteita"],
      ["Cables", "", "", "0"],
      ["Electronics", "Everything with a plug", "", "0"],
      ["Computers", "", "Electronics", "0"],
      ["Laptops", '\'=portable; "thin"', "Computers", "1"],
      ["Yhteensä", "4", "", ""],
    ]);
  });

  test("a changed description and a move are two updates; the import writes them through the category write path", async () => {
    await someCategories();
    const changed = (await exported({ format: "csv", language: "en" }))
      .replace("Cables,,,0", "Cables,Wires and adapters,Electronics,0")
      .replace('",Computers,0', '",Electronics,0');
    const job = await check(changed);
    expect(job.counts).toEqual({ create: 0, update: 2, unchanged: 2, error: 0 });
    const updates = await rows(job.id, "update");
    expect(updates.map((row) => [row.line, row.name, row.detail, row.changes])).toEqual([
      [
        2,
        "Cables",
        "Electronics",
        [
          { column: "description", from: null, to: "Wires and adapters" },
          { column: "parent", from: null, to: "Electronics" },
        ],
      ],
      [5, "Laptops", "Electronics", [{ column: "parent", from: "Computers", to: "Electronics" }]],
    ]);
    expect(await commit(job.id)).toMatchObject({ status: "done", progress: 2 });
    expect(await tree()).toEqual({
      Cables: "Electronics",
      Computers: "Electronics",
      Electronics: null,
      Laptops: "Electronics",
    });
    const [{ version }] = await sql<{ version: number }>(
      "select version from category where name = 'Cables'",
    );
    expect(version).toBe(2);
  });
});

describe("checking a category file", () => {
  test("a new branch with its parent on an earlier line is created parent first", async () => {
    await someCategories();
    const csv = [
      "Nimi;Kuvaus;Yläryhmä",
      "Tablets;Tablet computers;computers",
      "Kids' tablets;;TABLETS",
      "electronics;Everything with a plug;",
    ].join("\r\n");
    const job = await check(csv);
    expect(job.counts).toEqual({ create: 2, update: 1, unchanged: 0, error: 0 });
    const creates = await rows(job.id, "create");
    expect(creates.map((row) => [row.line, row.name, row.detail])).toEqual([
      [2, "Tablets", "Computers"],
      [3, "Kids' tablets", "Tablets"],
    ]);
    // The name's letter case is the file's: a change.
    const [update] = await rows(job.id, "update");
    expect(update.changes).toEqual([{ column: "name", from: "Electronics", to: "electronics" }]);
    expect(await commit(job.id)).toMatchObject({ status: "done", progress: 3 });
    expect(await tree()).toMatchObject({
      Tablets: "Computers",
      "Kids' tablets": "Tablets",
      Computers: "electronics",
    });
  });

  test("an unknown parent, a parent on a later line or on a line with errors, a cycle and a repeated name are errors on their lines", async () => {
    await someCategories();
    const csv = [
      "name,description,parent",
      "Phones,,Gadgets",
      "Chargers,,Accessories",
      "Accessories,,",
      "Electronics,,Laptops",
      "Cables,,Cables",
      "cables,,",
      ",Nameless,",
      "Phone cases,,Phones",
    ].join("\n");
    const job = await check(csv);
    expect(job.counts).toEqual({ create: 1, update: 0, unchanged: 0, error: 7 });
    const errors = await rows(job.id, "error");
    expect(
      errors.map((row) => [row.line, row.errors.map((e) => [e.column, e.message, e.values ?? null])]),
    ).toEqual([
      [2, [["parent", "import:categories.errors.row.unknownParent", { name: "Gadgets" }]]],
      [3, [["parent", "import:categories.errors.row.parentLater", { name: "Accessories", line: 4 }]]],
      [5, [["parent", "import:categories.errors.row.cycle", { name: "Laptops" }]]],
      [6, [["parent", "import:categories.errors.row.cycle", { name: "Cables" }]]],
      [7, [["name", "import:categories.errors.row.sameName", { line: 6 }]]],
      [8, [["name", "import:categories.errors.row.required", null]]],
      [9, [["parent", "import:categories.errors.row.parentFailed", { name: "Phones", line: 2 }]]],
    ]);
    expect(await db.inRequest(() => claimImport(job.id, userId))).toBe(false);
  });

  test("a move checked against the tree as the lines above leave it: swapping two categories works in one order", async () => {
    await someCategories();
    // Computers is under Electronics: Electronics cannot go under Computers before Computers moves.
    const wrongOrder = await check(["name,parent", "Electronics,Computers", "Computers,"].join("\n"));
    expect(wrongOrder.counts).toMatchObject({ error: 1, update: 1 });
    const rightOrder = await check(["name,parent", "Computers,", "Electronics,Computers"].join("\n"));
    expect(rightOrder.counts).toEqual({ create: 0, update: 2, unchanged: 0, error: 0 });
    expect(await commit(rightOrder.id)).toMatchObject({ status: "done" });
    expect(await tree()).toMatchObject({ Computers: null, Electronics: "Computers", Laptops: "Computers" });
  });

  test("a category changed after the check fails the import, and nothing of it is written", async () => {
    await someCategories();
    const job = await check(["name,description", "Tablets,New", "Cables,Wires"].join("\n"));
    expect(job.counts).toEqual({ create: 1, update: 1, unchanged: 0, error: 0 });
    const moved = await db.inRequest(() => updateCategory(ids.Cables, { description: "Changed meanwhile" }));
    expect(moved.ok).toBe(true);
    expect(await commit(job.id)).toMatchObject({
      status: "failed",
      failure: { message: "import:categories.failure.changed", values: { line: 3 } },
    });
    expect(Object.keys(await tree())).not.toContain("Tablets");
  });
});
