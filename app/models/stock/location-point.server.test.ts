import { beforeAll, expect, test } from "vitest";
import { actingUser, beginRequest } from "~/models/audit/audit-trail.server";
import { Location } from "~/models/location/location.entity";
import { productSchema } from "~/models/product/product-schema";
import { createProduct } from "~/models/product/product-writes.server";
import { createPurchaseOrder, movePurchaseOrder } from "~/models/purchase-order/purchase-order.server";
import { purchaseOrderSchema } from "~/models/purchase-order/purchase-order-schema";
import { createTransfer, moveTransfer, SYSTEM_ACTOR } from "~/models/transfer/transfer.server";
import { transferCreateSchema, transferTransitionSchema } from "~/models/transfer/transfer-schema";
import { createUserByAdmin } from "~/models/user/user.server";
import { newUserSchema } from "~/models/user/user-schema";
import { testDatabase } from "../../../tests/setup/database";
import { setLocationReorderPoint } from "./location-point.server";
import { listReorder } from "./reorder.server";
import { changeStock } from "./stock-ledger.server";

/**
 * Reorder points per product and location (issue #32): set per location (audited, where the
 * ledger's quantities are not), a location under its own point is on the To reorder list naming
 * it, with a transfer from a location with surplus suggested before a purchase, and its low-stock
 * alert names the location.
 */

const db = testDatabase();
const places = { warehouse: 0, storeB: 0, storeC: 0, closed: 0 };
const names = { warehouse: "", storeB: "", storeC: "" };
const shop = { reorderPoint: 10, reorderQuantity: 10 };
const MANAGER = {
  id: 0,
  email: `manager-${Math.random().toString(36).slice(2, 8)}@example.fi`,
  firstName: "Maija",
  lastName: "Manager",
};

beforeAll(async () => {
  const em = db.orm.em.fork();
  const suffix = Math.random().toString(36).slice(2, 8);
  const warehouse = em.create(Location, { name: `Warehouse ${suffix}`, kind: "warehouse" });
  const storeB = em.create(Location, { name: `Store B ${suffix}`, kind: "store" });
  const storeC = em.create(Location, { name: `Store C ${suffix}`, kind: "store" });
  const closed = em.create(Location, { name: `Closed ${suffix}`, kind: "store", active: false });
  await em.flush();
  Object.assign(places, { warehouse: warehouse.id, storeB: storeB.id, storeC: storeC.id, closed: closed.id });
  Object.assign(names, { warehouse: warehouse.name, storeB: storeB.name, storeC: storeC.name });
  const made = await db.inRequest(() =>
    createUserByAdmin(newUserSchema.parse({ ...MANAGER, role: "manager", password: "secret123" })),
  );
  if (!made.ok) throw new Error(made.reason);
  MANAGER.id = made.user.id;
});

async function product(sku: string, supplier: string, reorderPoint: number | null = null) {
  const input = productSchema.parse({
    name: `Phone ${sku}`,
    sku,
    brand: "Fairphone",
    purchasePrice: "400.00",
    sellingPrice: "699.00",
    vatInclusive: false,
    stockLevel: 0,
    supplier,
    reorderPoint,
  });
  const made = await db.inRequest(() => createProduct(input, null));
  if (!made.ok) throw new Error(made.reason);
  return made.product.id;
}

async function receive(productId: number, place: keyof typeof places, delta: number) {
  const result = await db.inRequest(() =>
    db.orm.em
      .fork()
      .transactional((tx) =>
        changeStock(tx, [
          { productId, delta, reason: delta > 0 ? "receipt" : "sale", locationId: places[place] },
        ]),
      ),
  );
  if (!result.ok) throw new Error(result.reason);
}

const setPoint = (productId: number, place: keyof typeof places, point: number | null) =>
  db.inRequest(async () => {
    beginRequest("req-points");
    actingUser(MANAGER);
    return setLocationReorderPoint(productId, places[place], point, db.orm.em.fork());
  });

const sql = <T>(query: string, params: unknown[] = []) => db.orm.em.fork().execute<T[]>(query, params);

const sku = () => `LP-${Math.random().toString(36).slice(2, 10)}`;

/** The product's line on store B's To reorder list, if it has one. */
async function storeBLine(productId: number) {
  const list = await db.inRequest(() =>
    listReorder({ locationId: places.storeB, limit: 100, offset: 0 }, db.orm.em.fork(), shop),
  );
  return list.groups.flatMap((group) => group.lines).find((found) => found.productId === productId);
}

test("a point per location is set, changed and removed, audited; a quantity change writes no audit row", async () => {
  const id = await product(sku(), `Supplier ${sku()}`);
  const set = await setPoint(id, "storeB", 3);
  expect(set).toEqual({
    ok: true,
    point: {
      productId: id,
      locationId: places.storeB,
      locationName: names.storeB,
      quantity: 0,
      reorderPoint: 3,
    },
  });
  expect((await setPoint(id, "storeB", 5)).ok).toBe(true);
  const cleared = await setPoint(id, "storeB", null);
  expect(cleared.ok && cleared.point.reorderPoint).toBeNull();
  // Stock moving in and out of the location (its row created by the ledger in another place too).
  await db.inRequest(async () => {
    beginRequest("req-moves");
    actingUser(MANAGER);
    await db.orm.em.fork().transactional((tx) =>
      changeStock(tx, [
        { productId: id, delta: 4, reason: "receipt", locationId: places.storeB },
        { productId: id, delta: 2, reason: "receipt", locationId: places.storeC },
      ]),
    );
  });
  // Each point set is a change of the product naming the location (product-place.server.ts); the
  // ledger's rows and quantities write none.
  const rows = await sql<{ action: string; changes: Record<string, unknown> }>(
    `select action, changes from audit_log
      where (entity_type = 'product' and entity_id = ? and jsonb_exists(changes, 'reorderPoint'))
         or entity_type = 'product_stock' order by id`,
    [id],
  );
  expect(rows.map((row) => [row.action, row.changes])).toEqual([
    ["update", { reorderPoint: { from: null, to: `${names.storeB}: 3` } }],
    ["update", { reorderPoint: { from: `${names.storeB}: 3`, to: `${names.storeB}: 5` } }],
    ["update", { reorderPoint: { from: `${names.storeB}: 5`, to: null } }],
  ]);
});

test("an unknown product, an unknown or inactive location are refused", async () => {
  const id = await product(sku(), `Supplier ${sku()}`);
  expect(await setPoint(999_999, "storeB", 3)).toEqual({ ok: false, reason: "notFound" });
  expect(await setPoint(id, "closed", 3)).toEqual({ ok: false, reason: "location" });
  expect(await db.inRequest(() => setLocationReorderPoint(id, 999_999, 3, db.orm.em.fork()))).toEqual({
    ok: false,
    reason: "location",
  });
});

test("a product under its point in store B with surplus in the warehouse is suggested as a transfer", async () => {
  const supplier = `Supplier ${sku()}`;
  const id = await product(sku(), supplier, 2);
  await receive(id, "warehouse", 10);
  await receive(id, "storeB", 1);
  expect((await setPoint(id, "storeB", 3)).ok).toBe(true);
  // Store B: point 3, holds 1; it needs 3 + 10 - 1 = 12; the warehouse (no point of its own) has 10 spare.
  const inB = await db.inRequest(() =>
    listReorder({ locationId: places.storeB, limit: 100, offset: 0 }, db.orm.em.fork(), shop),
  );
  const lines = inB.groups.flatMap((group) => group.lines).filter((line) => line.productId === id);
  expect(lines).toHaveLength(1);
  expect(lines[0]).toMatchObject({
    productId: id,
    stockLevel: 1,
    reorderPoint: 3,
    ownPoint: true,
    location: { id: places.storeB, name: names.storeB },
    transferFrom: { locationId: places.warehouse, name: names.warehouse, quantity: 10 },
    suggestedQuantity: 2,
    lineValue: "800.00",
  });
  // The warehouse's list: nothing (no point of its own there); across all: the total (11, over its
  // point 2) is not listed, store B's line is.
  const inWarehouse = await db.inRequest(() =>
    listReorder({ locationId: places.warehouse, limit: 100, offset: 0 }, db.orm.em.fork(), shop),
  );
  expect(inWarehouse.groups.flatMap((group) => group.lines).map((line) => line.productId)).not.toContain(id);
  const all = await db.inRequest(() => listReorder({ limit: 100, offset: 0 }, db.orm.em.fork(), shop));
  const mine = all.groups.flatMap((group) => group.lines).filter((line) => line.productId === id);
  expect(mine.map((line) => line.location?.id ?? null)).toEqual([places.storeB]);
  expect(mine[0].transferFrom?.quantity).toBe(10);
});

test("what is on its way to a location counts against its line: orders receiving there and transfers sent there", async () => {
  const id = await product(sku(), `Supplier ${sku()}`, 2);
  const [{ supplierId }] = await sql<{ supplierId: number }>(
    `select supplier_id as "supplierId" from product where id = ?`,
    [id],
  );
  await receive(id, "warehouse", 10);
  await receive(id, "storeB", 1);
  expect((await setPoint(id, "storeB", 3)).ok).toBe(true);
  const line = () => storeBLine(id);
  const order = async (place: keyof typeof places, quantity: number) => {
    const input = purchaseOrderSchema.parse({
      supplierId,
      locationId: places[place],
      lines: [{ productId: id, quantity }],
    });
    const made = await db.inRequest(() => createPurchaseOrder({ ...input, supplierId }, null));
    if (!made.ok) throw new Error(made.reason);
    expect((await db.inRequest(() => movePurchaseOrder(made.order.id, "sent", null))).ok).toBe(true);
  };
  // Needs 3 + 10 - 1 = 12: 10 from the warehouse, 2 to buy.
  expect(await line()).toMatchObject({ onOrder: 0, transferFrom: { quantity: 10 }, suggestedQuantity: 2 });
  // An order receiving into store C is not on its way to store B.
  await order("storeC", 5);
  expect(await line()).toMatchObject({ onOrder: 0, suggestedQuantity: 2 });
  // One receiving into store B is: 12 - 4 = 8, all of it from the warehouse.
  await order("storeB", 4);
  expect(await line()).toMatchObject({ onOrder: 4, transferFrom: { quantity: 8 }, suggestedQuantity: 0 });
  // A transfer of 3 sent to store B: on its way too; the warehouse holds 7.
  const made = await db.inRequest(() =>
    createTransfer(
      transferCreateSchema.parse({
        fromLocationId: places.warehouse,
        toLocationId: places.storeB,
        lines: [{ productId: id, quantity: 3 }],
      }) as never,
      null,
    ),
  );
  if (!made.ok) throw new Error(made.reason);
  expect(await line()).toMatchObject({ onOrder: 4 }); // a draft has not left
  const sent = await db.inRequest(() =>
    moveTransfer(made.transfer.id, transferTransitionSchema.parse({ to: "sent" }), SYSTEM_ACTOR),
  );
  expect(sent.ok).toBe(true);
  expect(await line()).toMatchObject({ onOrder: 7, transferFrom: { quantity: 5 }, suggestedQuantity: 0 });
});

test("a store's surplus is above its own point, else above the product's; the one with the most gives", async () => {
  const id = await product(sku(), `Supplier ${sku()}`, 4);
  await receive(id, "storeB", 2);
  await receive(id, "storeC", 7);
  expect((await setPoint(id, "storeB", 5)).ok).toBe(true);
  const line = () => storeBLine(id);
  // Store C has no point: its surplus is 7 - 4 (the product's point) = 3. Need: 5 + 10 - 2 = 13.
  expect(await line()).toMatchObject({
    transferFrom: { locationId: places.storeC, quantity: 3 },
    suggestedQuantity: 10,
  });
  // Its own point of 6 leaves 1 spare; the warehouse's 20 are the most.
  expect((await setPoint(id, "storeC", 6)).ok).toBe(true);
  await receive(id, "warehouse", 20);
  expect(await line()).toMatchObject({
    transferFrom: { locationId: places.warehouse, quantity: 13 },
    suggestedQuantity: 0,
  });
  // Nothing spare anywhere: no transfer, the whole need is bought.
  expect((await setPoint(id, "warehouse", 30)).ok).toBe(true);
  expect((await setPoint(id, "storeC", 7)).ok).toBe(true);
  expect(await line()).toMatchObject({ transferFrom: null, suggestedQuantity: 13 });
});

test("a location's stock falling to its own point raises a low-stock alert naming it, beside the total's", async () => {
  const id = await product(sku(), `Supplier ${sku()}`);
  await receive(id, "storeB", 30);
  expect((await setPoint(id, "storeB", 5)).ok).toBe(true);
  await receive(id, "storeB", -25);
  const alerts = await sql<{ location_id: number | null; message: string; data: Record<string, unknown> }>(
    "select location_id, message, data from alert where product_id = ? and type = 'low_stock' and location_id is not null",
    [id],
  );
  expect(alerts).toHaveLength(1);
  expect(alerts[0].location_id).toBe(places.storeB);
  expect(alerts[0].message).toContain(`in ${names.storeB}`);
  expect(alerts[0].data).toMatchObject({ stock: 5, location: names.storeB, threshold: 5 });
  // Further down: still one unread alert there (brought up to date); the total's is its own.
  await receive(id, "storeB", -1);
  await receive(id, "storeB", -4);
  const after = await sql<{ location_id: number | null; data: Record<string, unknown> }>(
    "select location_id, data from alert where product_id = ? and type = 'low_stock' order by location_id nulls first",
    [id],
  );
  expect(after.map((alert) => alert.location_id)).toEqual([null, places.storeB]);
  expect(after[0].data).not.toHaveProperty("location");
});
