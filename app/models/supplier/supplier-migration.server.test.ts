import { expect, test } from "vitest";
import { Migration20261123212958 } from "~/migrations/Migration20261123212958";
import { migrationDatabase } from "../../../tests/setup/migration-database";

/**
 * The migration that makes suppliers records keeps every product's supplier: a database migrated
 * up to the migration before it, with products naming their suppliers as text (in several letter
 * cases, with spaces, blank), then migrated to the end, and back down.
 */

const db = migrationDatabase(Migration20261123212958);

// The supplier text of each product before the migration, and the supplier it must point to after.
const PRODUCTS: [string, string][] = [
  ["Tech Data", "Tech Data"],
  ["Tech Data", "Tech Data"],
  [" tech data ", "Tech Data"],
  ["TECH DATA", "Tech Data"],
  ["Elko", "Elko"],
  ["elko\t", "Elko"],
  ["Ingram Micro", "Ingram Micro"],
  ["Äänitukku Oy", "Äänitukku Oy"],
  ["Äänitukku Oy ", "Äänitukku Oy"],
  ["ÄÄNITUKKU OY", "Äänitukku Oy"],
  ["", "Unknown supplier"],
  ["   ", "Unknown supplier"],
];

test("every distinct supplier name becomes one record, spelt as most products spell it, and every product points to its own", async () => {
  await db.upToBefore();
  const em = db.em();
  await em.execute(
    `insert into product (name, sku, brand, purchase_price, selling_price, supplier)
     select 'P' || n, 'MIG-' || n, 'B', 10, 20, supplier
     from jsonb_array_elements_text(?::jsonb) with ordinality as e(supplier, n)`,
    [JSON.stringify(PRODUCTS.map(([text]) => text))],
  );
  await db.upToEnd();

  const suppliers = await em.execute<{ name: string; lead_time_days: number }[]>(
    "select name, lead_time_days from supplier order by name",
  );
  expect(suppliers).toEqual(
    ["Elko", "Ingram Micro", "Tech Data", "Unknown supplier", "Äänitukku Oy"].map((n) => ({
      name: n,
      lead_time_days: 7,
    })),
  );
  const products = await em.execute<{ sku: string; supplier: string }[]>(
    `select p.sku, s.name as supplier from product p join supplier s on s.id = p.supplier_id
     order by substr(p.sku, 5)::int`,
  );
  expect(products).toEqual(PRODUCTS.map(([, supplier], i) => ({ sku: `MIG-${i + 1}`, supplier })));

  // And back: each product names its supplier as text again.
  await db.downToBefore();
  const back = await em.execute<{ supplier: string }[]>(
    "select supplier from product order by substr(sku, 5)::int",
  );
  expect(back.map((row) => row.supplier)).toEqual(PRODUCTS.map(([, supplier]) => supplier));
  await db.upToEnd();
});
