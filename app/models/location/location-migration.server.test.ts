import { expect, test } from "vitest";
import { Migration20261127155114 } from "~/migrations/Migration20261127155114";
import { migrationDatabase } from "../../../tests/setup/migration-database";

/**
 * The migration that brings locations (issue #32) puts all existing stock in "Main store", the
 * default location, and loses nothing: a database migrated up to the migration before it, with
 * products in stock and a ledger, then migrated to the end.
 */

const db = migrationDatabase(Migration20261127155114);

test("existing stock appears in Main store after the migration, totals unchanged, and the database keeps the sum", async () => {
  await db.upToBefore();
  const em = db.em();
  await em.execute(`insert into supplier (name) values ('Migrated supplier')`);
  await em.execute(
    `insert into product (name, sku, brand, purchase_price, selling_price, supplier_id, stock_level)
     select 'P' || i, 'LOC-' || i, 'B', 10, 20, (select id from supplier), (i * 7) % 5 from generate_series(1, 50) as i`,
  );
  await em.execute(
    `insert into stock_movement (product_id, quantity, reason, stock_after)
     select id, stock_level, 'opening', stock_level from product where stock_level <> 0`,
  );
  const [before] = await em.execute<{ total: number }[]>(
    `select sum(stock_level)::int as total from product`,
  );

  await db.upToEnd();
  const [row] = await em.execute<
    {
      locations: string[];
      total: number;
      placed: number;
      rows: number;
      mismatched: number;
      unplacedMovements: number;
      wrongAfter: number;
    }[]
  >(
    `select (select array_agg(name || ':' || kind || ':' || is_default) from location) as locations,
       (select sum(stock_level)::int from product) as total,
       (select sum(quantity)::int from product_stock ps join location l on l.id = ps.location_id and l.name = 'Main store') as placed,
       (select count(*)::int from product_stock) as rows,
       (select count(*)::int from product p where p.stock_level <>
          coalesce((select sum(quantity) from product_stock s where s.product_id = p.id), 0)) as mismatched,
       (select count(*)::int from stock_movement m where m.location_id is distinct from
          (select id from location where is_default)) as "unplacedMovements",
       (select count(*)::int from stock_movement where location_stock_after <> stock_after) as "wrongAfter"`,
  );
  // 40 of the 50 have stock (every fifth has none and needs no row).
  expect(row).toEqual({
    locations: ["Main store:store:true"],
    total: before.total,
    placed: before.total,
    rows: 40,
    mismatched: 0,
    unplacedMovements: 0,
    wrongAfter: 0,
  });

  // From now on the database refuses a total that is not the sum over the locations, at commit.
  await expect(
    em.transactional((tx) =>
      tx.execute(`update product set stock_level = stock_level + 1 where sku = 'LOC-1'`),
    ),
  ).rejects.toThrow(/product_stock_total|over its locations/);
  await expect(
    em.transactional((tx) =>
      tx.execute(`update product_stock set quantity = quantity + 1 where quantity > 0`),
    ),
  ).rejects.toThrow(/over its locations/);
  // Both in one transaction: accepted.
  await em.transactional(async (tx) => {
    await tx.execute(`update product set stock_level = stock_level + 1 where sku = 'LOC-1'`);
    await tx.execute(
      `update product_stock set quantity = quantity + 1 where product_id = (select id from product where sku = 'LOC-1')`,
    );
  });

  await db.downToBefore();
  const [back] = await em.execute<{ total: number }[]>(`select sum(stock_level)::int as total from product`);
  expect(back.total).toBe(before.total + 1);
});
