import { randomBytes } from "node:crypto";
import { mkdtemp, readFile, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { gunzipSync, gzipSync } from "node:zlib";
import pg from "pg";
import { afterAll, beforeAll, expect, inject, test } from "vitest";
import { backupDatabase, restoreDatabase } from "../../app/infra/backup.server";
import { migrationsList } from "../../app/migrations";
import { productSchema } from "../../app/models/product/product-schema";
import { createProduct, updateProduct } from "../../app/models/product/product-writes.server";
import { registerUser } from "../../app/models/user/user.server";
import { seedDemoCatalogue } from "../../app/seeders/seed.server";
import { testDatabase } from "../setup/database";

/**
 * `npm run backup` and `npm run restore` (app/infra/backup.server.ts): a backup of a database with
 * a catalogue, customers, campaigns, users and price history, restored into an empty database,
 * gives back every row of every table and every sequence where it was.
 */
const db = testDatabase();
const scratch: { dir?: string; databases: string[] } = { databases: [] };

async function admin<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: inject("databaseUrl") });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** A new empty database (from template0: nothing in it), dropped after the file. */
async function emptyDatabase() {
  const name = `restored_${randomBytes(6).toString("hex")}`;
  await admin((client) => client.query(`create database ${name} template template0`));
  scratch.databases.push(name);
  const url = new URL(inject("databaseUrl"));
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * Every table and sequence of the public schema: its row count and an md5 of all its rows. Of
 * mikro_orm_migrations, only the migrations' names count: a restore applies them anew, at its
 * own time.
 */
async function fingerprint(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const tables = await client.query<{ name: string }>(
      "select tablename as name from pg_tables where schemaname = 'public' order by tablename",
    );
    const result: Record<string, { rows: number; md5: string | null }> = {};
    for (const { name } of tables.rows) {
      const rowText = name === "mikro_orm_migrations" ? "t.name" : "t::text";
      const { rows } = await client.query<{ rows: number; md5: string | null }>(
        `select count(*)::int as rows, md5(string_agg(${rowText}, '' order by ${rowText})) as md5 from "${name}" t`,
      );
      result[name] = rows[0];
    }
    const sequences = await client.query<{ name: string }>(
      "select sequencename as name from pg_sequences where schemaname = 'public' order by sequencename",
    );
    const positions: Record<string, string> = {};
    for (const { name } of sequences.rows) {
      const { rows } = await client.query(`select last_value, is_called from "${name}"`);
      positions[name] = `${rows[0].last_value} ${rows[0].is_called}`;
    }
    return { tables: result, sequences: positions };
  } finally {
    await client.end();
  }
}

beforeAll(async () => {
  scratch.dir = await mkdtemp(path.join(tmpdir(), "voltstock-backup-"));
  expect(await seedDemoCatalogue(db.orm.em.fork())).toBe(true);
  await db.inRequest(async () => {
    for (const [email, role] of [
      ["admin@example.com", "admin"],
      ["seller@example.com", "salesperson"],
    ] as const) {
      const registered = await registerUser({
        email,
        password: "correct horse battery",
        firstName: "Test",
        lastName: role,
        role,
      });
      if (!registered.ok) throw new Error(registered.reason);
    }
    const product = {
      name: 'ThinkPad E14 "Gen 5", ääkköset',
      sku: "LEN-E14-BACKUP",
      brand: "Lenovo",
      purchasePrice: "600.00",
      sellingPrice: "999.00",
      stockLevel: 3,
      supplier: "Tech Data",
    };
    const created = await createProduct(productSchema.parse(product), null);
    if (!created.ok) throw new Error(created.reason);
    // A price change: a price history row, and the alerts the change raises.
    const changed = await updateProduct(
      created.product.id,
      productSchema.parse({ ...product, purchasePrice: "700.00" }),
      null,
    );
    if (!changed.ok) throw new Error(changed.reason);
  });
}, 60_000);

afterAll(async () => {
  if (scratch.dir) await rm(scratch.dir, { recursive: true, force: true });
  await admin(async (client) => {
    for (const name of scratch.databases) await client.query(`drop database if exists ${name} with (force)`);
  });
});

test("a backup restored into an empty database has every row of every table, and the sequences", async () => {
  const file = path.join(scratch.dir as string, "nested", "voltstock.backup.gz");
  const backup = await backupDatabase({ url: db.url, file });
  expect(backup.file).toBe(file);
  expect(backup.bytes).toBe((await stat(file)).size);
  await expect(stat(`${file}.partial`)).rejects.toThrow();

  // The file is what the module's comment says: a gzip of a JSON header line, then each table.
  const text = gunzipSync(await readFile(file)).toString("utf8");
  const [first, ...rest] = text.split("\n");
  const header = JSON.parse(first);
  expect(header).toMatchObject({ format: "voltstock-backup", version: 1 });
  expect(header.migrations).toEqual(migrationsList.map((m) => m.name));
  const names = header.tables.map((t: { name: string }) => t.name);
  expect(names).not.toContain("mikro_orm_migrations");
  expect(names.indexOf("category")).toBeLessThan(names.indexOf("product"));
  expect(names.indexOf("product")).toBeLessThan(names.indexOf("price_history"));
  expect(rest.filter((line) => line.startsWith("\\table ")).map((line) => line.slice(7))).toEqual(names);
  expect(rest.filter((line) => line === "\\.")).toHaveLength(names.length);
  expect(text).toContain('ThinkPad E14 "Gen 5", ääkköset');

  const restored = await emptyDatabase();
  await restoreDatabase({ url: restored, file });

  const before = await fingerprint(db.url);
  const after = await fingerprint(restored);
  for (const table of ["product", "category", "customer", "user", "price_history", "campaign", "alert"]) {
    expect(before.tables[table]?.rows, table).toBeGreaterThan(0);
    expect(header.tables.find((t: { name: string }) => t.name === table)?.rows, table).toBe(
      before.tables[table]?.rows,
    );
  }
  expect(Object.keys(after.tables)).toEqual(Object.keys(before.tables));
  expect(Object.keys(after.sequences).length).toBeGreaterThan(0);
  expect(after).toEqual(before);

  // The triggers that were off during the load are on again: a new product is counted.
  const client = new pg.Client({ connectionString: restored });
  await client.connect();
  try {
    const disabled = await client.query("select tgname from pg_trigger where tgenabled = 'D'");
    expect(disabled.rows).toEqual([]);
    const count = "select coalesce(sum(products), 0)::int as n from catalogue_summary";
    const { rows } = await client.query<{ n: number }>(count);
    await client.query(`insert into supplier (name) values ('Test') on conflict ((lower(name))) do nothing`);
    await client.query(
      `insert into product (name, sku, brand, purchase_price, selling_price, supplier_id)
       values ('After restore', 'AFTER-RESTORE', 'Test', 1, 2, (select id from supplier where lower(name) = lower('Test')))`,
    );
    expect((await client.query<{ n: number }>(count)).rows[0].n).toBe(rows[0].n + 1);
  } finally {
    await client.end();
  }
});

test("a restore over a database that has data replaces its contents", async () => {
  const file = path.join(scratch.dir as string, "again.backup.gz");
  await backupDatabase({ url: db.url, file });
  const target = await emptyDatabase();
  await restoreDatabase({ url: target, file });
  const client = new pg.Client({ connectionString: target });
  await client.connect();
  await client.query("delete from price_history");
  await client.query("update category set name = name || ' (changed)'");
  await client.query("insert into category (name) values ('Only in the target')");
  await client.end();
  expect(await fingerprint(target)).not.toEqual(await fingerprint(db.url));

  await restoreDatabase({ url: target, file });
  expect(await fingerprint(target)).toEqual(await fingerprint(db.url));
});

test("restoring a file that does not exist is refused with a clear message", async () => {
  const missing = path.join(scratch.dir as string, "missing.backup.gz");
  await expect(restoreDatabase({ url: await emptyDatabase(), file: missing })).rejects.toThrow(
    `No backup file at ${missing}`,
  );
});

test("a restore is refused while something else is connected to the database (the server)", async () => {
  const file = path.join(scratch.dir as string, "busy.backup.gz");
  await backupDatabase({ url: db.url, file });
  const target = await emptyDatabase();
  await restoreDatabase({ url: target, file });
  const before = await fingerprint(target);
  const server = new pg.Client({ connectionString: target });
  await server.connect();
  try {
    await expect(restoreDatabase({ url: target, file })).rejects.toThrow(/stop the VoltStock server/);
  } finally {
    await server.end();
  }
  expect(await fingerprint(target)).toEqual(before);
});

test("a file that is not a backup is refused and leaves the database as it was", async () => {
  const file = path.join(scratch.dir as string, "good.backup.gz");
  await backupDatabase({ url: db.url, file });
  const target = await emptyDatabase();
  await restoreDatabase({ url: target, file });
  const before = await fingerprint(target);
  const good = await readFile(file);
  const text = gunzipSync(good).toString("utf8");
  const header = JSON.parse(text.slice(0, text.indexOf("\n")));
  const newer = `${JSON.stringify({ ...header, migrations: [...header.migrations, "Migration29991231235959"] })}${text.slice(text.indexOf("\n"))}`;

  const cases: [string, Buffer, RegExp][] = [
    ["text.txt", Buffer.from("name,sku\nThinkPad,LEN-1\n"), /is not a VoltStock backup/],
    ["random.bin", randomBytes(4096), /is not a VoltStock backup/],
    ["text.gz", gzipSync("just some text\nand more\n"), /is not a VoltStock backup/],
    ["json.gz", gzipSync('{"format":"something-else","version":1}\n'), /is not a VoltStock backup/],
    ["empty.gz", gzipSync(""), /is not a VoltStock backup/],
    // A real backup cut short: the header is fine, the rest is not all there.
    ["truncated.gz", good.subarray(0, Math.floor(good.length / 2)), /is damaged/],
    ["short.gz", gzipSync(text.slice(0, text.lastIndexOf("\\table "))), /is damaged/],
    ["newer.gz", gzipSync(newer), /newer VoltStock.*Migration29991231235959/],
  ];
  for (const [name, content, message] of cases) {
    const bad = path.join(scratch.dir as string, name);
    await writeFile(bad, content);
    await expect(restoreDatabase({ url: target, file: bad }), name).rejects.toThrow(message);
    expect(await fingerprint(target), name).toEqual(before);
  }
});
