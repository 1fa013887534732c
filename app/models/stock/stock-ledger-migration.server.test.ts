import { expect, test } from "vitest";
import { Migration20261123193255 } from "~/migrations/Migration20261123193255";
import { migrationDatabase } from "../../../tests/setup/migration-database";

/**
 * The migration that creates the ledger opens it for the products that exist: a database migrated
 * up to the migration before it, with products in stock, then migrated to the end.
 */

const db = migrationDatabase(Migration20261123193255);

test("existing products get an opening movement each, so that their stock equals their ledger's sum", async () => {
  await db.upToBefore();
  const em = db.em();
  await em.execute(
    `insert into product (name, sku, brand, purchase_price, selling_price, supplier, stock_level)
     select 'P' || i, 'MIG-' || i, 'B', 10, 20, 'S', (i * 7) % 5 from generate_series(1, 50) as i`,
  );
  await db.upToEnd();
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
