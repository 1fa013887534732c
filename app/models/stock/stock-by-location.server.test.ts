import { beforeAll, expect, test } from "vitest";
import { Location } from "~/models/location/location.entity";
import { productSchema } from "~/models/product/product-schema";
import { createProduct, updateProduct } from "~/models/product/product-writes.server";
import { changeStock } from "~/models/stock/stock-ledger.server";
import { testDatabase } from "../../../tests/setup/database";

/**
 * Stock per location (issue #32): each location's stock is the running sum of its movements there,
 * the product's total the sum over its locations, kept in one locked write; no location ever goes
 * below zero, whoever writes at the same time.
 */

const db = testDatabase();
const places: { warehouse: number; storeB: number } = { warehouse: 0, storeB: 0 };

beforeAll(async () => {
  const em = db.orm.em.fork();
  const suffix = Math.random().toString(36).slice(2, 8);
  const warehouse = em.create(Location, { name: `Warehouse ${suffix}`, kind: "warehouse" });
  const storeB = em.create(Location, { name: `Store B ${suffix}`, kind: "store" });
  await em.flush();
  places.warehouse = warehouse.id;
  places.storeB = storeB.id;
});

function productInput(stockLevel: number, sku = `LOC-${Math.random().toString(36).slice(2, 10)}`) {
  return productSchema.parse({
    name: "Fairphone 5",
    sku,
    brand: "Fairphone",
    purchasePrice: "400.00",
    sellingPrice: "699.00",
    stockLevel,
    supplier: "Tech Data",
  });
}

async function product(stockLevel = 0) {
  const made = await db.inRequest(() => createProduct(productInput(stockLevel), null));
  if (!made.ok) throw new Error(made.reason);
  return made.product.id;
}

async function sql<T>(query: string, params: unknown[] = []) {
  return db.orm.em.fork().execute<T[]>(query, params);
}

/** The product's total, its stock per location by name (locations without a row left out), and its ledger's sums per place. */
async function figures(productId: number) {
  const [total] = await sql<{ stock: number }>("select stock_level as stock from product where id = ?", [
    productId,
  ]);
  const rows = await sql<{ location_id: number; quantity: number; ledger: number; last: number }>(
    `select s.location_id, s.quantity,
       (select coalesce(sum(quantity), 0)::int from stock_movement m where m.product_id = s.product_id and m.location_id = s.location_id) as ledger,
       (select location_stock_after from stock_movement m where m.product_id = s.product_id and m.location_id = s.location_id
         order by created_at desc, id desc limit 1) as last
     from product_stock s where s.product_id = ? order by s.location_id`,
    [productId],
  );
  return { total: total.stock, rows };
}

const move = (changes: Parameters<typeof changeStock>[1]) =>
  db.inRequest(() => db.orm.em.fork().transactional((tx) => changeStock(tx, changes)));

test("a movement names its location: each place's stock and the total follow, the ledger agrees per place", async () => {
  const id = await product(3);
  expect(
    (await move([{ productId: id, delta: 10, reason: "receipt", locationId: places.warehouse }])).ok,
  ).toBe(true);
  expect((await move([{ productId: id, delta: -1, reason: "sale", locationId: places.storeB }])).ok).toBe(
    false,
  );
  const figure = await figures(id);
  expect(figure.total).toBe(13);
  const warehouse = figure.rows.find((row) => row.location_id === places.warehouse);
  expect(warehouse).toEqual({ location_id: places.warehouse, quantity: 10, ledger: 10, last: 10 });
  // The opening stock went to the default location.
  expect(figure.rows.reduce((sum, row) => sum + row.quantity, 0)).toBe(13);
  for (const row of figure.rows) expect(row.ledger).toBe(row.quantity);
});

test("a location short is refused naming the product and the place, even when the total would do", async () => {
  const id = await product(0);
  await move([{ productId: id, delta: 5, reason: "receipt", locationId: places.warehouse }]);
  const refused = await move([{ productId: id, delta: -2, reason: "sale", locationId: places.storeB }]);
  expect(refused).toMatchObject({
    ok: false,
    reason: "short",
    product: { id, stockLevel: 0, wanted: 2, location: { id: places.storeB } },
  });
  expect((await figures(id)).total).toBe(5);
});

test("ten concurrent sales out of one location never take it below zero; the sum over locations equals the total after each", async () => {
  const id = await product(0);
  await move([
    { productId: id, delta: 4, reason: "receipt", locationId: places.storeB },
    { productId: id, delta: 20, reason: "receipt", locationId: places.warehouse },
  ]);
  const results = await Promise.all(
    Array.from({ length: 10 }, () =>
      move([{ productId: id, delta: -1, reason: "sale", locationId: places.storeB }]),
    ),
  );
  expect(results.filter((result) => result.ok)).toHaveLength(4);
  const figure = await figures(id);
  expect(figure.total).toBe(20);
  expect(figure.rows.find((row) => row.location_id === places.storeB)?.quantity).toBe(0);
  expect(figure.rows.find((row) => row.location_id === places.warehouse)?.quantity).toBe(20);
  const [mismatch] = await sql<{ n: number }>(
    `select count(*)::int as n from product p
      where p.stock_level <> coalesce((select sum(quantity) from product_stock s where s.product_id = p.id), 0)`,
  );
  expect(mismatch.n).toBe(0);
});

test("a product edit's change of the level is a movement in the default location: refused when that takes out more than it holds", async () => {
  const id = await product(3);
  await move([{ productId: id, delta: 10, reason: "receipt", locationId: places.warehouse }]);
  const [row] = await sql<{ sku: string; version: number }>("select sku, version from product where id = ?", [
    id,
  ]);
  const edit = (stockLevel: number, version: number) =>
    db.inRequest(() => updateProduct(id, { ...productInput(stockLevel, row.sku), version }, null));
  expect(await edit(0, row.version)).toMatchObject({ ok: false, reason: "stockShort" });
  expect((await figures(id)).total).toBe(13);
  expect((await edit(11, row.version)).ok).toBe(true);
  const figure = await figures(id);
  expect(figure.total).toBe(11);
  expect(figure.rows.find((place) => place.location_id === places.warehouse)?.quantity).toBe(10);
});
