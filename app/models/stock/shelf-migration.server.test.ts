import { expect, test } from "vitest";
import { Migration20261127155913 } from "~/migrations/Migration20261127155913";
import { Migration20261127161150 } from "~/migrations/Migration20261127161150";
import { Migration20261127191715 } from "~/migrations/Migration20261127191715";
import { migrationDatabase } from "../../../tests/setup/migration-database";

/**
 * Issue #32's migrations of counts and shelves: the counts so far counted the default location,
 * and each product's shelf text moves to its row of product_stock in "Main store", nothing lost,
 * totals unchanged (a database migrated up to the migration before, given rows, then to the end).
 */

const counts = migrationDatabase(Migration20261127155913);
const shelves = migrationDatabase(Migration20261127161150);
const lastCounted = migrationDatabase(Migration20261127191715);

test("the stock counts made before counts had a location are at the default location, Main store", async () => {
  await counts.upToBefore();
  const em = counts.em();
  await em.execute(
    `insert into stock_count (number, scope, shelf, status)
     values ('IC-2026-000001', 'shop', null, 'committed'), ('IC-2026-000002', 'shelf', 'A-1', 'open')`,
  );
  await counts.upToEnd();
  const rows = await em.execute<{ number: string; location: string }[]>(
    `select c.number, l.name as location from stock_count c join location l on l.id = c.location_id order by c.number`,
  );
  expect(rows).toEqual([
    { number: "IC-2026-000001", location: "Main store" },
    { number: "IC-2026-000002", location: "Main store" },
  ]);
});

test("each product's shelf text appears in Main store after the migration, nothing lost, and goes back down", async () => {
  await shelves.upToBefore();
  const em = shelves.em();
  await em.execute(`insert into supplier (name) values ('Migrated supplier')`);
  // Every third product on no shelf; half have stock (and so a row in Main store already).
  // In one transaction: the database checks each total against its locations at commit.
  await em.transactional(async (tx) => {
    await tx.execute(
      `insert into product (name, sku, brand, purchase_price, selling_price, supplier_id, stock_level, location)
       select 'P' || i, 'SHELF-' || i, 'B', 10, 20, (select id from supplier), (i % 2) * 3,
         case when i % 3 = 0 then null else 'A-' || i end
         from generate_series(1, 30) as i`,
    );
    await tx.execute(
      `insert into product_stock (product_id, location_id, quantity)
       select id, (select id from location where is_default), stock_level from product where stock_level > 0`,
    );
  });
  const before = await em.execute<{ sku: string; location: string | null; stock: number }[]>(
    `select sku, location, stock_level as stock from product order by id`,
  );

  await shelves.upToEnd();
  const after = await em.execute<{ sku: string; location: string | null; stock: number; placed: number }[]>(
    `select p.sku, s.shelf as location, p.stock_level as stock, s.quantity as placed
       from product p
       left join product_stock s on s.product_id = p.id and s.location_id = (select id from location where is_default)
      order by p.id`,
  );
  expect(after.map(({ sku, location, stock }) => ({ sku, location, stock }))).toEqual(before);
  // A product on a shelf without stock got a row of its own with nothing in it.
  expect(after.find((row) => row.sku === "SHELF-2")).toMatchObject({ location: "A-2", stock: 0, placed: 0 });
  expect(after.find((row) => row.sku === "SHELF-1")).toMatchObject({ location: "A-1", stock: 3, placed: 3 });
  const [{ column }] = await em.execute<{ column: number }[]>(
    `select count(*)::int as column from information_schema.columns where table_name = 'product' and column_name = 'location'`,
  );
  expect(column).toBe(0);

  await shelves.downToBefore();
  expect(await em.execute(`select sku, location, stock_level as stock from product order by id`)).toEqual(
    before,
  );
});

test("each product's last count is kept at the count's location, from the committed counts", async () => {
  await lastCounted.upToBefore();
  const em = lastCounted.em();
  await em.execute(`insert into supplier (name) values ('Counted supplier')`);
  await em.execute(
    `insert into product (name, sku, brand, purchase_price, selling_price, supplier_id, stock_level)
     values ('Counted', 'CNT-1', 'B', 10, 20, (select id from supplier), 0)`,
  );
  // Two committed counts of it in Main store, and an open one (not counted yet).
  await em.execute(
    `insert into stock_count (number, scope, status, location_id, committed_at)
     values ('IC-2026-000011', 'shop', 'committed', (select id from location where is_default), '2026-10-01T10:00:00Z'),
            ('IC-2026-000012', 'shop', 'committed', (select id from location where is_default), '2026-11-01T10:00:00Z'),
            ('IC-2026-000013', 'shop', 'open', (select id from location where is_default), null)`,
  );
  await em.execute(
    `insert into stock_count_line (count_id, product_id, code, counted, expected)
     select c.id, (select id from product where sku = 'CNT-1'), 'CNT-1', 0, 0 from stock_count c`,
  );
  await lastCounted.upToEnd();
  const rows = await em.execute<{ quantity: number; counted: string }[]>(
    `select s.quantity, to_char(s.last_counted_at at time zone 'UTC', 'YYYY-MM-DD HH24:MI') as counted from product_stock s join product p on p.id = s.product_id
      where p.sku = 'CNT-1'`,
  );
  expect(rows).toEqual([{ quantity: 0, counted: "2026-11-01 10:00" }]);
  await lastCounted.downToBefore();
});
