import { expect, test } from "vitest";
import { Migration20261127155901 } from "~/migrations/Migration20261127155901";
import { migrationDatabase } from "../../../tests/setup/migration-database";

/**
 * The migration that puts documents at a location (issue #32): every existing sales order and
 * purchase order is at the default location ("Main store", where all stock is), and a customer
 * return at its order's.
 */

const db = migrationDatabase(Migration20261127155901);

test("existing orders, purchase orders and returns are at the default location after the migration", async () => {
  await db.upToBefore();
  const em = db.em();
  await em.execute(`insert into supplier (name) values ('Migrated supplier')`);
  await em.execute(
    `insert into sales_order (order_number, status) select 'SO-MIG-' || i, 'shipped' from generate_series(1, 5) as i`,
  );
  await em.execute(
    `insert into purchase_order (order_number, supplier_id, expected_date)
     select 'PO-MIG-' || i, (select id from supplier), current_date from generate_series(1, 3) as i`,
  );
  await em.execute(
    `insert into customer_return (return_number, order_id)
     select 'RMA-MIG-' || i, (select id from sales_order where order_number = 'SO-MIG-' || i) from generate_series(1, 2) as i`,
  );

  await db.upToEnd();
  const [row] = await em.execute<{ orders: number; purchases: number; returns: number; elsewhere: number }[]>(
    `select (select count(*)::int from sales_order o join location l on l.id = o.location_id
              where l.is_default and l.name = 'Main store') as orders,
            (select count(*)::int from purchase_order o join location l on l.id = o.location_id
              where l.is_default) as purchases,
            (select count(*)::int from customer_return r join sales_order o on o.id = r.order_id
              where r.location_id = o.location_id) as returns,
            (select count(*)::int from sales_order where location_id is distinct from
               (select id from location where is_default)) as elsewhere`,
  );
  expect(row).toEqual({ orders: 5, purchases: 3, returns: 2, elsewhere: 0 });
  // From now on a document names its location.
  await expect(em.execute(`insert into sales_order (order_number) values ('SO-MIG-NONE')`)).rejects.toThrow(
    /location_id/,
  );

  await db.downToBefore();
  const [columns] = await em.execute<{ n: number }[]>(
    `select count(*)::int as n from information_schema.columns
      where column_name = 'location_id' and table_name in ('sales_order', 'purchase_order', 'customer_return')`,
  );
  expect(columns.n).toBe(0);
});
