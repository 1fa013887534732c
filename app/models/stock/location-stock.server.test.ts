import { parse } from "csv-parse/sync";
import { beforeAll, expect, test } from "vitest";
import { getDashboardStats } from "~/models/dashboard/dashboard.server";
import { Location } from "~/models/location/location.entity";
import { productSchema } from "~/models/product/product-schema";
import { createProduct } from "~/models/product/product-writes.server";
import { reportFile, reportTotals } from "~/models/report/report.server";
import { testDatabase } from "../../../tests/setup/database";
import { listLocationProducts, locationFigures, lowStockAtLocation } from "./location-stock.server";
import { changeStock } from "./stock-ledger.server";

/**
 * Stock screens by location (issue #32): with a location, the lists, the dashboard's cards and the
 * product report read what that location holds; without one, the totals as before.
 */

const db = testDatabase();
const places = { warehouse: 0, storeB: 0 };
const ids = { tv: 0, cable: 0 };

async function product(sku: string, sellingPrice: string, purchasePrice: string) {
  const input = productSchema.parse({
    name: `Item ${sku}`,
    sku,
    brand: "Brand",
    purchasePrice,
    sellingPrice,
    vatInclusive: false,
    stockLevel: 0,
    supplier: "Tech Data",
  });
  const made = await db.inRequest(() => createProduct(input, null));
  if (!made.ok) throw new Error(made.reason);
  return made.product.id;
}

async function move(productId: number, locationId: number, delta: number) {
  const result = await db.inRequest(() =>
    db.orm.em
      .fork()
      .transactional((tx) => changeStock(tx, [{ productId, delta, reason: "receipt", locationId }])),
  );
  if (!result.ok) throw new Error(result.reason);
}

beforeAll(async () => {
  const em = db.orm.em.fork();
  const warehouse = em.create(Location, { name: "Web warehouse", kind: "warehouse" });
  const storeB = em.create(Location, { name: "Store B", kind: "store" });
  await em.flush();
  Object.assign(places, { warehouse: warehouse.id, storeB: storeB.id });
  ids.tv = await product("LS-TV", "1000.00", "600.00");
  ids.cable = await product("LS-CABLE", "10.00", "2.00");
  // The warehouse: 40 TVs, 100 cables; store B: 3 TVs, nothing of the cables.
  await move(ids.tv, places.warehouse, 40);
  await move(ids.cable, places.warehouse, 100);
  await move(ids.tv, places.storeB, 3);
});

test("the dashboard's stock value and low-stock count are the location's, the totals across all as before", async () => {
  const all = await db.inRequest(() => getDashboardStats());
  const inB = await db.inRequest(() => getDashboardStats(places.storeB));
  const inWarehouse = await db.inRequest(() => getDashboardStats(places.warehouse));
  expect(all).toMatchObject({
    inventoryValue: "44000.00",
    inventoryValueAtCost: "26000.00",
    lowStockCount: 0,
  });
  expect(inB).toMatchObject({ inventoryValue: "3000.00", inventoryValueAtCost: "1800.00", lowStockCount: 1 });
  expect(inWarehouse).toMatchObject({
    inventoryValue: "41000.00",
    inventoryValueAtCost: "24200.00",
    lowStockCount: 0,
  });
  // The catalogue's figures are the catalogue's wherever.
  expect(inB.totalProducts).toBe(all.totalProducts);
});

test("a location's kept figures follow every change of what it holds and of its products' prices", async () => {
  const figures = () => db.inRequest(() => locationFigures(places.storeB, db.orm.em.fork()));
  const before = await figures();
  expect(await figures()).toEqual(before); // read back, unchanged
  // One move out of store B and into the warehouse in one write: the total stands, yet store B's
  // figures are not the kept ones any more.
  const moved = await db.inRequest(() =>
    db.orm.em.fork().transactional((tx) =>
      changeStock(tx, [
        { productId: ids.tv, delta: -1, reason: "adjustment", locationId: places.storeB },
        { productId: ids.tv, delta: 1, reason: "adjustment", locationId: places.warehouse },
      ]),
    ),
  );
  expect(moved.ok).toBe(true);
  expect(await figures()).toMatchObject({
    units: before.units - 1,
    inventoryValue: (Number(before.inventoryValue) - 1000).toFixed(2),
  });
  await db.inRequest(() =>
    db.orm.em.fork().transactional((tx) =>
      changeStock(tx, [
        { productId: ids.tv, delta: 1, reason: "adjustment", locationId: places.storeB },
        { productId: ids.tv, delta: -1, reason: "adjustment", locationId: places.warehouse },
      ]),
    ),
  );
  expect(await figures()).toEqual(before);
});

test("a location's lists show what it holds; its low stock is its own", async () => {
  const list = (locationId: number, tab: "low-stock" | "all") =>
    db.inRequest(() => listLocationProducts({ locationId, tab, limit: 50, offset: 0 }, db.orm.em.fork()));
  const inB = await list(places.storeB, "all");
  expect(inB.total).toBe(1);
  expect(inB.products.map((p) => [p.sku, p.stockLevel])).toEqual([["LS-TV", 3]]);
  expect((await list(places.storeB, "low-stock")).products.map((p) => p.sku)).toEqual(["LS-TV"]);
  const inWarehouse = await list(places.warehouse, "all");
  expect(inWarehouse.products.map((p) => [p.sku, p.stockLevel])).toEqual([
    ["LS-CABLE", 100],
    ["LS-TV", 40],
  ]);
  expect((await list(places.warehouse, "low-stock")).total).toBe(0);
  expect(await db.inRequest(() => lowStockAtLocation(places.storeB, 1000, db.orm.em.fork()))).toEqual([
    { productId: ids.tv, quantity: 3 },
  ]);
});

test("the product report filtered by location has the location's stock and values", async () => {
  const file = (locationId: number | null) =>
    db.inRequest(async () =>
      new Response(
        reportFile("products", null, { format: "csv", language: "en" }, { locationId, db: db.orm.em.fork() }),
      ).text(),
    );
  const rows = (text: string) => {
    const [header, ...lines] = parse(text) as string[][];
    const at = (key: string) => header.indexOf(key);
    return lines
      .filter((line) => line[at("sku")]?.startsWith("LS-"))
      .map((line) => [line[at("sku")], line[at("stockLevel")], line[at("inventoryValue")]]);
  };
  expect(rows(await file(places.storeB))).toEqual([["LS-TV", "3", "3000.00"]]);
  expect(rows(await file(null))).toEqual([
    ["LS-TV", "43", "43000.00"],
    ["LS-CABLE", "100", "1000.00"],
  ]);
});

test("the reports' totals of one location are its file's", async () => {
  const inB = await db.inRequest(() => reportTotals(places.storeB, db.orm.em.fork()));
  expect(inB.products).toMatchObject({ products: 1, units: 3, value: "3000.00", valueAtCost: "1800.00" });
  expect(inB["low-stock"]).toMatchObject({ products: 1, units: 3 });
  const all = await db.inRequest(() => reportTotals(null, db.orm.em.fork()));
  expect(all.products).toMatchObject({ products: 2, units: 143, value: "44000.00" });
});
