import { randomBytes } from "node:crypto";
import { MikroORM } from "@mikro-orm/postgresql";
import pg from "pg";
import { afterAll, beforeAll, expect, inject, test } from "vitest";
import { migrationsList } from "~/migrations";
import { Migration20261123193255 } from "~/migrations/Migration20261123193255";
import { ormConfig } from "../../../mikro-orm.config";

/**
 * The migration that creates the ledger opens it for the products that exist: a database migrated
 * up to the migration before it, with products in stock, then migrated to the end.
 */

const name = `test_ledger_${randomBytes(6).toString("hex")}`;
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

test("existing products get an opening movement each, so that their stock equals their ledger's sum", async () => {
  const index = migrationsList.findIndex((m) => m.class === Migration20261123193255);
  await orm.migrator.up({ to: migrationsList[index - 1].name });
  const em = orm.em.fork();
  await em.execute(
    `insert into product (name, sku, brand, purchase_price, selling_price, supplier, stock_level)
     select 'P' || i, 'MIG-' || i, 'B', 10, 20, 'S', (i * 7) % 5 from generate_series(1, 50) as i`,
  );
  await orm.migrator.up();
  const [row] = await em.execute<
    { movements: number; openings: number; mismatched: number; wrongAfter: number }[]
  >(
    `select (select count(*)::int from stock_movement) as movements,
       (select count(*)::int from stock_movement where reason = 'opening') as openings,
       (select count(*)::int from product p where p.stock_level <>
          coalesce((select sum(quantity) from stock_movement m where m.product_id = p.id), 0)) as mismatched,
       (select count(*)::int from stock_movement m join product p on p.id = m.product_id
          where m.stock_after <> p.stock_level) as "wrongAfter"`,
  );
  // 40 of the 50 have stock (every fifth has none and needs no movement).
  expect(row).toEqual({ movements: 40, openings: 40, mismatched: 0, wrongAfter: 0 });
});
