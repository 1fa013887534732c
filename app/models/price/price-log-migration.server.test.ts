import { expect, test } from "vitest";
import { Migration20261127044500 } from "~/migrations/Migration20261127044500";
import { migrationDatabase } from "../../../tests/setup/migration-database";

/**
 * The migration that makes the price history the price log keeps every row, as the log's first
 * rows: a database migrated up to the migration before it, with history, then migrated to the end.
 */

const db = migrationDatabase(Migration20261127044500);

test("every price history row stays, in force from when it was written, after the price before it", async () => {
  await db.upToBefore();
  const em = db.em();
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
  await db.upToEnd();
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
