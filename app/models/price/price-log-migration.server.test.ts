import { randomBytes } from "node:crypto";
import { MikroORM } from "@mikro-orm/postgresql";
import pg from "pg";
import { afterAll, beforeAll, expect, inject, test } from "vitest";
import { migrationsList } from "~/migrations";
import { Migration20261127044500 } from "~/migrations/Migration20261127044500";
import { ormConfig } from "../../../mikro-orm.config";

/**
 * The migration that makes the price history the price log keeps every row, as the log's first
 * rows: a database migrated up to the migration before it, with history, then migrated to the end.
 */

const name = `test_price_log_${randomBytes(6).toString("hex")}`;
const url = () => {
  const u = new URL(inject("databaseUrl"));
  u.pathname = `/${name}`;
  return u.toString();
};
let orm: MikroORM;

async function admin(query: string) {
  const client = new pg.Client({ connectionString: inject("databaseUrl") });
  await client.connect();
  await client.query(query);
  await client.end();
}

beforeAll(async () => {
  await admin(`create database ${name}`);
  orm = await MikroORM.init({ ...ormConfig(url()), debug: false });
});

afterAll(async () => {
  await orm?.close(true);
  await admin(`drop database if exists ${name} with (force)`);
});

test("every price history row stays, in force from when it was written, after the price before it", async () => {
  const index = migrationsList.findIndex((m) => m.class === Migration20261127044500);
  await orm.migrator.up({ to: migrationsList[index - 1].name });
  const em = orm.em.fork();
  await em.execute(`insert into supplier (name) values ('S')`);
  const [product] = await em.execute<{ id: number }[]>(
    `insert into product (name, sku, brand, purchase_price, selling_price, supplier_id)
     values ('P', 'MIG-1', 'B', 60, 120, (select id from supplier)) returning id`,
  );
  await em.execute(
    `insert into price_history (product_id, purchase_price, selling_price, margin, created_at)
     values (?, 60, 100, 40, '2026-01-01T10:00:00Z'), (?, 60, 90, 33.3, '2026-02-01T10:00:00Z'),
            (?, 60, 120, 50, '2026-03-01T10:00:00Z')`,
    [product.id, product.id, product.id],
  );
  await orm.migrator.up();
  const rows = await em.execute<
    { at: string; price: string; price_before: string | null; source: string; margin: string }[]
  >(
    `select to_char(at at time zone 'UTC', 'YYYY-MM-DD') as at, price::text, price_before::text, source, margin::text
       from price_history order by at, id`,
  );
  expect(rows).toEqual([
    { at: "2026-01-01", price: "100.00", price_before: null, source: "history", margin: "40.00" },
    { at: "2026-02-01", price: "90.00", price_before: "100.00", source: "history", margin: "33.30" },
    { at: "2026-03-01", price: "120.00", price_before: "90.00", source: "history", margin: "50.00" },
  ]);
});
