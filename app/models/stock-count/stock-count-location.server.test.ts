import { beforeAll, expect, test } from "vitest";
import { Location } from "~/models/location/location.entity";
import { locationUses } from "~/models/location/location-writes.server";
import { getProduct } from "~/models/product/product-reads.server";
import { productSchema } from "~/models/product/product-schema";
import { createProduct } from "~/models/product/product-writes.server";
import { luhnCheckDigit } from "~/models/serial/imei";
import { recordOpeningSerials } from "~/models/serial/serial.server";
import { setPlaceFields } from "~/models/stock/product-place.server";
import { changeStock, type StockChange } from "~/models/stock/stock-ledger.server";
import { testDatabase } from "../../../tests/setup/database";
import {
  commitStockCount,
  countLine,
  countProblems,
  countSummary,
  createStockCount,
  getStockCount,
  type LineInput,
  listCountLines,
  type StockCountRow,
} from "./stock-count.server";
import { newCountSchema } from "./stock-count-schema";

/**
 * Stock counts per location (issue #32): a count is for one location; its lines expect the stock
 * there, its commit moves only that location's, "set uncounted to zero" zeroes only there, and a
 * serial-tracked product's units expected are those in stock there.
 */

const db = testDatabase();
const random = () => Math.random().toString(36).slice(2, 8);
const places = { main: 0, storeB: 0, closed: 0 };

beforeAll(async () => {
  const em = db.orm.em.fork();
  const storeB = em.create(Location, { name: `Store B ${random()}`, kind: "store" });
  const closed = em.create(Location, { name: `Closed ${random()}`, kind: "store", active: false });
  await em.flush();
  places.storeB = storeB.id;
  places.closed = closed.id;
  const [main] = await em.execute<{ id: number }[]>("select id from location where is_default");
  places.main = main.id;
});

function ok<T extends { ok: boolean }>(result: T): Extract<T, { ok: true }> {
  if (!result.ok) throw new Error(`refused: ${JSON.stringify(result)}`);
  return result as Extract<T, { ok: true }>;
}

async function sql<T>(query: string, params: unknown[] = []) {
  return db.orm.em.fork().execute<T[]>(query, params);
}

async function product(stockLevel: number, overrides: Record<string, unknown> = {}) {
  const made = await db.inRequest(() =>
    createProduct(
      productSchema.parse({
        name: "Anker Nano 20W",
        sku: `CNT-${random()}`,
        brand: "Anker",
        purchasePrice: "12.55",
        sellingPrice: "19.90",
        stockLevel,
        supplier: "Tech Data",
        ...overrides,
      }),
      null,
    ),
  );
  if (!made.ok) throw new Error(made.reason);
  return made.product;
}

const move = (changes: StockChange[]) =>
  db.inRequest(() => db.orm.em.fork().transactional((tx) => changeStock(tx, changes)));

/** The product's stock per location id, and its total. */
async function stockOf(productId: number) {
  const rows = await sql<{ locationId: number; quantity: number }>(
    `select location_id as "locationId", quantity from product_stock where product_id = ?`,
    [productId],
  );
  const [{ total }] = await sql<{ total: number }>("select stock_level as total from product where id = ?", [
    productId,
  ]);
  const at = (id: number) => rows.find((row) => row.locationId === id)?.quantity ?? 0;
  return { main: at(places.main), storeB: at(places.storeB), total };
}

async function newCount(values: Record<string, unknown>, userId: number | null = null) {
  return db.inRequest(() => createStockCount(newCountSchema.parse(values), userId));
}

const count = (countId: number, input: Partial<LineInput>) =>
  db.inRequest(() =>
    countLine(countId, { code: null, productId: null, quantity: null, mode: "set", ...input }, null),
  );

const reload = async (stockCount: StockCountRow) =>
  (await db.inRequest(() => getStockCount(stockCount.id))) as StockCountRow;

test("a count in store B corrects only store B: the line expects B's stock, the commit moves B's, Main store keeps its own", async () => {
  const charger = await product(10);
  ok(await move([{ productId: charger.id, delta: 4, reason: "receipt", locationId: places.storeB }]));
  expect(await stockOf(charger.id)).toEqual({ main: 10, storeB: 4, total: 14 });

  const stockCount = ok(await newCount({ scope: "shop", locationId: places.storeB })).count;
  expect(stockCount).toMatchObject({
    locationId: places.storeB,
    locationName: expect.stringMatching(/^Store B/),
  });
  const line = ok(await count(stockCount.id, { productId: charger.id, quantity: 3 })).line;
  expect(line).toMatchObject({ counted: 3, expected: 4 });
  const [listed] = (
    await db.inRequest(async () => listCountLines(await reload(stockCount), { limit: 10, offset: 0 }))
  ).lines;
  expect(listed).toMatchObject({ expected: 4, stockNow: 4, difference: -1 });

  const committed = ok(
    await db.inRequest(() => commitStockCount(stockCount.id, { zeroUncounted: false }, null)),
  );
  expect(committed.moved).toBe(1);
  expect(await stockOf(charger.id)).toEqual({ main: 10, storeB: 3, total: 13 });
  const ledger = await sql<{
    locationId: number;
    quantity: number;
    reason: string;
    reference: string;
    after: number;
  }>(
    `select location_id as "locationId", quantity, reason, reference, location_stock_after as after
       from stock_movement where product_id = ? and reason = 'count'`,
    [charger.id],
  );
  expect(ledger).toEqual([
    { locationId: places.storeB, quantity: -1, reason: "count", reference: stockCount.number, after: 3 },
  ]);
});

test("set uncounted to zero zeroes only the count's location; a sale elsewhere during the count does not matter", async () => {
  const counted = await product(5);
  const uncounted = await product(6);
  ok(
    await move([
      { productId: counted.id, delta: 2, reason: "receipt", locationId: places.storeB },
      { productId: uncounted.id, delta: 3, reason: "receipt", locationId: places.storeB },
    ]),
  );
  const category = `Category ${random()}`;
  const [{ id: categoryId }] = await sql<{ id: number }>(
    "insert into category (name) values (?) returning id",
    [category],
  );
  await sql("update product set category_id = ? where id in (?, ?)", [categoryId, counted.id, uncounted.id]);
  const stockCount = ok(await newCount({ scope: "category", categoryId, locationId: places.storeB })).count;
  ok(await count(stockCount.id, { productId: counted.id, quantity: 2 }));
  // Sold in Main store meanwhile: Main store's stock is none of this count's business.
  ok(await move([{ productId: counted.id, delta: -1, reason: "sale" }]));
  const summary = await db.inRequest(async () => countProblems(await reload(stockCount)));
  expect(summary.notCounted).toMatchObject({ total: 1, sample: [{ id: uncounted.id, stockLevel: 3 }] });
  ok(await db.inRequest(() => commitStockCount(stockCount.id, { zeroUncounted: true }, null)));
  expect(await stockOf(counted.id)).toEqual({ main: 4, storeB: 2, total: 6 });
  expect(await stockOf(uncounted.id)).toEqual({ main: 6, storeB: 0, total: 6 });
});

test("a count starts at the staff member's own location by default; an inactive or unknown location is refused", async () => {
  const [{ id: userId }] = await sql<{ id: number }>(
    `insert into "user" (email, password, first_name, last_name, role, location_id)
       values (?, 'x', 'Sanna', 'Myyjä', 'salesperson', ?) returning id`,
    [`${random()}@example.fi`, places.storeB],
  );
  expect(ok(await newCount({ scope: "shop" }, userId)).count.locationId).toBe(places.storeB);
  expect(ok(await newCount({ scope: "shop" })).count.locationId).toBe(places.main);
  expect(await newCount({ scope: "shop", locationId: places.closed })).toEqual({
    ok: false,
    reason: "unknownLocation",
  });
  expect(await newCount({ scope: "shop", locationId: 999999 })).toEqual({
    ok: false,
    reason: "unknownLocation",
  });
  expect(newCountSchema.safeParse({ scope: "shop", locationId: "B" }).success).toBe(false);
});

const imei = (first14: string) => `${first14}${luhnCheckDigit(first14)}`;

test("counting by serial at a location: the units expected are those in stock there, one in stock elsewhere is named with its place, unknown ones are taken in there", async () => {
  const phone = await product(0, { tracking: "imei", guaranteeMonths: 24 });
  const [a, b, c, d] = ["35209900176148", "49015420323751", "86012345678901", "35693803564380"].map(imei);
  // a and b in Main store, c in store B.
  await db.inRequest(() =>
    db.orm.em.fork().transactional(async (tx) => {
      ok(
        await changeStock(tx, [
          { productId: phone.id, delta: 2, reason: "opening" },
          { productId: phone.id, delta: 1, reason: "opening", locationId: places.storeB },
        ]),
      );
      const units = (serials: string[]) => serials.map((serial) => ({ productId: phone.id, serial }));
      await recordOpeningSerials(tx, units([a, b]), "opening", null, places.main);
      await recordOpeningSerials(tx, units([c]), "opening", null, places.storeB);
    }),
  );
  const stockCount = ok(await newCount({ scope: "shop", locationId: places.storeB })).count;
  const line = ok(await count(stockCount.id, { productId: phone.id, serials: [a, d] })).line;
  expect(line).toMatchObject({ counted: 2, expected: 1 });
  expect(line.serials?.missing).toEqual([c]);
  expect(line.serials?.unexpected).toEqual(
    expect.arrayContaining([
      expect.objectContaining({ serial: a, state: "in_stock", locationName: "Main store" }),
      expect.objectContaining({ serial: d, state: null, locationName: null }),
    ]),
  );
  // A unit in stock elsewhere keeps the commit waiting: a count never moves it silently.
  const problems = await db.inRequest(async () => countProblems(await reload(stockCount)));
  expect(problems.unexpectedSerials).toEqual([
    expect.objectContaining({ serial: a, state: "in_stock", locationName: "Main store" }),
  ]);
  const refused = await db.inRequest(() => commitStockCount(stockCount.id, { zeroUncounted: false }, null));
  expect(refused).toMatchObject({ ok: false, reason: "problems" });

  ok(await count(stockCount.id, { productId: phone.id, serials: [c, d] }));
  const committed = ok(
    await db.inRequest(() => commitStockCount(stockCount.id, { zeroUncounted: false }, null)),
  );
  expect(committed).toMatchObject({ unitsMissing: 0, unitsFound: 1 });
  const units = await sql<{ serial: string; state: string; locationId: number }>(
    `select serial, state, location_id as "locationId" from serial_unit where product_id = ? order by serial`,
    [phone.id],
  );
  expect(units).toEqual(
    [
      { serial: a, state: "in_stock", locationId: places.main },
      { serial: b, state: "in_stock", locationId: places.main },
      { serial: c, state: "in_stock", locationId: places.storeB },
      { serial: d, state: "in_stock", locationId: places.storeB },
    ].sort((x, y) => x.serial.localeCompare(y.serial)),
  );
  expect(await stockOf(phone.id)).toEqual({ main: 2, storeB: 2, total: 4 });

  // A count at B that finds none: only B's units are missing and written off.
  const again = ok(await newCount({ scope: "shop", locationId: places.storeB })).count;
  const empty = ok(await count(again.id, { productId: phone.id, serials: [] })).line;
  expect(empty.serials?.missing).toEqual([c, d].sort());
  const written = ok(await db.inRequest(() => commitStockCount(again.id, { zeroUncounted: false }, null)));
  expect(written.unitsMissing).toBe(2);
  expect(await stockOf(phone.id)).toEqual({ main: 2, storeB: 0, total: 2 });
  const [{ inMain }] = await sql<{ inMain: number }>(
    `select count(*)::int as "inMain" from serial_unit where product_id = ? and state = 'in_stock' and location_id = ?`,
    [phone.id, places.main],
  );
  expect(inMain).toBe(2);
});

test("a shelf count matches the shelf at the count's location; the product's location field stays the shelf in Main store", async () => {
  const shelf = `S-${random()}`;
  const here = await product(2, { location: shelf });
  const elsewhere = await product(2);
  ok(
    await move([
      { productId: here.id, delta: 1, reason: "receipt", locationId: places.storeB },
      { productId: elsewhere.id, delta: 1, reason: "receipt", locationId: places.storeB },
    ]),
  );
  await db.inRequest(() =>
    db.orm.em.fork().transactional((tx) => setPlaceFields(tx, elsewhere.id, places.storeB, { shelf })),
  );
  const [{ main, b }] = await sql<{ main: string | null; b: string | null }>(
    `select (select shelf from product_stock where product_id = ? and location_id = ?) as main,
            (select shelf from product_stock where product_id = ? and location_id = ?) as b`,
    [here.id, places.main, elsewhere.id, places.storeB],
  );
  expect({ main, b }).toEqual({ main: shelf, b: shelf });
  expect((await db.inRequest(() => getProduct(here.id)))?.location).toBe(shelf);
  expect((await db.inRequest(() => getProduct(elsewhere.id)))?.location).toBeNull();
  // Each shelf set is in the audit trail as a change of the product, naming the location.
  const audited = await sql<{ changes: unknown }>(
    `select changes from audit_log where entity_type = 'product' and entity_id = ? and jsonb_exists(changes, 'shelf')`,
    [elsewhere.id],
  );
  expect(audited.map((row) => row.changes)).toEqual([
    { shelf: { from: null, to: expect.stringMatching(new RegExp(`^Store B .*: ${shelf}$`)) } },
  ]);

  const atB = ok(
    await newCount({ scope: "shelf", shelf: shelf.toLowerCase(), locationId: places.storeB }),
  ).count;
  const atMain = ok(await newCount({ scope: "shelf", shelf, locationId: places.main })).count;
  const notCounted = async (stockCount: StockCountRow) =>
    (await db.inRequest(async () => countProblems(await reload(stockCount)))).notCounted.sample.map(
      (p) => p.id,
    );
  expect(await notCounted(atB)).toEqual([elsewhere.id]);
  expect(await notCounted(atMain)).toEqual([here.id]);
  // Its open counts keep the location from deletion, named among its uses.
  const uses = await db.orm.em.fork().transactional((tx) => locationUses(tx, places.storeB));
  expect(uses.find((use) => use.name === "openCounts")?.count).toBeGreaterThanOrEqual(1);
});

test("'not counted for N days' reads the count's location: a count in store B leaves the product uncounted in Main store", async () => {
  const speaker = await product(6);
  ok(await move([{ productId: speaker.id, delta: 2, reason: "receipt", locationId: places.storeB }]));
  const inB = ok(await newCount({ scope: "shop", locationId: places.storeB })).count;
  ok(await count(inB.id, { productId: speaker.id, quantity: 2 }));
  ok(await db.inRequest(() => commitStockCount(inB.id, { zeroUncounted: false }, null)));
  const counted = await sql<{ locationId: number; countedAt: Date | null }>(
    `select location_id as "locationId", last_counted_at as "countedAt" from product_stock where product_id = ? order by location_id`,
    [speaker.id],
  );
  expect(counted.find((row) => row.locationId === places.storeB)?.countedAt).not.toBeNull();
  expect(counted.find((row) => row.locationId === places.main)?.countedAt).toBeNull();
  // A count of what has not been counted for 30 days: in store B the speaker is outside it, in
  // Main store it is inside.
  const outside = async (locationId: number) => {
    const recount = ok(await newCount({ scope: "shop", locationId, notCountedDays: "30" })).count;
    ok(await count(recount.id, { productId: speaker.id, quantity: 1 }));
    const summary = await db.inRequest(async () => countSummary(await reload(recount)));
    return summary.outsideScope;
  };
  expect(await outside(places.storeB)).toBe(1);
  expect(await outside(places.main)).toBe(0);
});
