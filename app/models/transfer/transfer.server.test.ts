import { beforeAll, expect, test } from "vitest";
import { getDashboardStats } from "~/models/dashboard/dashboard.server";
import { Location } from "~/models/location/location.entity";
import { locationUses } from "~/models/location/location-writes.server";
import { productSchema } from "~/models/product/product-schema";
import { createProduct } from "~/models/product/product-writes.server";
import { valueAtCostSql } from "~/models/product/stock-value-sql";
import type { TrackingMode } from "~/models/product/tracking";
import { recordOpeningSerials } from "~/models/serial/serial.server";
import { changeStock, type StockChange } from "~/models/stock/stock-ledger.server";
import { testDatabase } from "../../../tests/setup/database";
import {
  changeTransfer,
  createTransfer,
  deleteTransfer,
  getTransfer,
  inTransitTotals,
  listTransfers,
  moveTransfer,
  productInTransit,
} from "./transfer.server";
import { transferCreateSchema, transferTransitionSchema } from "./transfer-schema";

/**
 * Transfers between locations (issue #32), the story of the "done when": 10 units
 * received into the warehouse, 4 transferred to store B (sent: 6 + 4 in transit; received: 6 and
 * 4), 1 sold in store B: the per-location and total figures, the ledger and the stock value agree.
 * Then what can go wrong: more than the source holds, a short receipt, serials, concurrency.
 */

const db = testDatabase();

/** The location's open transfers, as its delete's refusal counts them. */
async function openTransfers(locationId: number) {
  const uses = await db.orm.em.fork().transactional((tx) => locationUses(tx, locationId));
  return uses.find((use) => use.name === "openTransfers")?.count ?? 0;
}
const places = { warehouse: 0, storeB: 0, closed: 0 };
const users = { manager: 0, seller: 0, sellerElsewhere: 0 };
const random = () => Math.random().toString(36).slice(2, 10);

beforeAll(async () => {
  const em = db.orm.em.fork();
  const suffix = random();
  const warehouse = em.create(Location, { name: `Warehouse ${suffix}`, kind: "warehouse" });
  const storeB = em.create(Location, { name: `Store B ${suffix}`, kind: "store" });
  const closed = em.create(Location, { name: `Closed ${suffix}`, kind: "store", active: false });
  await em.flush();
  Object.assign(places, { warehouse: warehouse.id, storeB: storeB.id, closed: closed.id });
  const user = async (role: string, location: number | null) => {
    const [row] = await em.execute<{ id: number }[]>(
      `insert into "user" (email, password, role, location_id) values (?, 'x', ?, ?) returning id`,
      [`${role}-${random()}@example.com`, role, location],
    );
    return row.id;
  };
  users.manager = await user("manager", null);
  users.seller = await user("salesperson", storeB.id);
  users.sellerElsewhere = await user("salesperson", warehouse.id);
});

async function product(tracking: TrackingMode = "none") {
  const made = await db.inRequest(() =>
    createProduct(
      productSchema.parse({
        name: `Transfer phone ${random()}`,
        sku: `TRF-${random()}`,
        brand: "Fairphone",
        purchasePrice: "400.00",
        sellingPrice: "699.00",
        stockLevel: 0,
        supplier: "Tech Data",
        tracking,
      }),
      null,
    ),
  );
  if (!made.ok) throw new Error(made.reason);
  return { id: made.product.id, sku: made.product.sku, name: made.product.name };
}

const move = (changes: StockChange[]) =>
  db.inRequest(() => db.orm.em.fork().transactional((tx) => changeStock(tx, changes)));

async function sql<T>(query: string, params: unknown[] = []) {
  return db.orm.em.fork().execute<T[]>(query, params);
}

const manager = { id: 0, mayWrite: true };
beforeAll(() => {
  manager.id = users.manager;
});

function draft(
  lines: { productId: number; quantity: number; serials?: string[] }[],
  from = places.warehouse,
  to = places.storeB,
) {
  return db.inRequest(() =>
    createTransfer(
      transferCreateSchema.parse({ fromLocationId: from, toLocationId: to, lines }) as never,
      users.manager,
    ),
  );
}

const transition = (id: number, body: unknown, actor = manager) =>
  db.inRequest(() => moveTransfer(id, transferTransitionSchema.parse(body), actor));

function ok<T extends { ok: boolean }>(result: T): Extract<T, { ok: true }> {
  if (!result.ok) throw new Error(`refused: ${JSON.stringify(result)}`);
  return result as Extract<T, { ok: true }>;
}

/** Each location's stock of the product, its total, and the ledger's sums per location. */
async function figures(productId: number) {
  const [total] = await sql<{ stock: number }>("select stock_level as stock from product where id = ?", [
    productId,
  ]);
  const held = await sql<{ location_id: number; quantity: number }>(
    "select location_id, quantity from product_stock where product_id = ?",
    [productId],
  );
  const ledger = await sql<{ location_id: number; sum: number }>(
    "select location_id, sum(quantity)::int as sum from stock_movement where product_id = ? group by location_id",
    [productId],
  );
  const at = (rows: { location_id: number }[], place: number, key: "quantity" | "sum") =>
    (rows.find((row) => row.location_id === place) as Record<string, number> | undefined)?.[key] ?? 0;
  return {
    total: total.stock,
    warehouse: at(held, places.warehouse, "quantity"),
    storeB: at(held, places.storeB, "quantity"),
    ledgerWarehouse: at(ledger, places.warehouse, "sum"),
    ledgerStoreB: at(ledger, places.storeB, "sum"),
  };
}

test("10 received into the warehouse, 4 sent to store B (6 + 4 in transit), received (6 and 4), 1 sold in store B: figures, ledger and stock value agree", async () => {
  const phone = await product();
  const before = await db.inRequest(() => getDashboardStats());
  const transitBefore = await db.inRequest(() => inTransitTotals());
  ok(await move([{ productId: phone.id, delta: 10, reason: "receipt", locationId: places.warehouse }]));

  const made = ok(await draft([{ productId: phone.id, quantity: 4 }])).transfer;
  expect(made.number).toMatch(/^TR-\d{4}-\d{6}$/);
  expect(made).toMatchObject({ status: "draft", units: 4, inTransit: 0 });
  // A draft moves nothing.
  expect(await figures(phone.id)).toMatchObject({ total: 10, warehouse: 10, storeB: 0 });

  const sent = ok(await transition(made.id, { to: "sent" })).transfer;
  expect(sent).toMatchObject({ status: "sent", inTransit: 4 });
  expect(await figures(phone.id)).toEqual({
    total: 6,
    warehouse: 6,
    storeB: 0,
    ledgerWarehouse: 6,
    ledgerStoreB: 0,
  });
  expect(await db.inRequest(() => productInTransit(phone.id))).toEqual({
    quantity: 4,
    transfers: [{ id: made.id, number: made.number, quantity: 4, to: expect.stringContaining("Store B") }],
  });
  const [movement] = await sql<{ reason: string; reference: string; quantity: number }>(
    "select reason, reference, quantity from stock_movement where product_id = ? and reason = 'transfer_out'",
    [phone.id],
  );
  expect(movement).toEqual({ reason: "transfer_out", reference: made.number, quantity: -4 });

  // The stock value counts all 10: 6 on hand and 4 in transit, at 699.00 and at cost (400.00 incl. VAT).
  const stats = await db.inRequest(() => getDashboardStats());
  const transit = await db.inRequest(() => inTransitTotals());
  const cents = (value: string) => Math.round(Number(value) * 100);
  expect(cents(stats.inventoryValue) - cents(before.inventoryValue)).toBe(6 * 69900);
  expect(cents(transit.value) - cents(transitBefore.value)).toBe(4 * 69900);
  expect(transit.units - transitBefore.units).toBe(4);
  expect(stats.inTransitValue).toBe(transit.value);
  expect(cents(stats.totalValue) - cents(before.totalValue)).toBe(10 * 69900);
  expect(
    cents(stats.inventoryValue) +
      cents(transit.value) -
      cents(before.inventoryValue) -
      cents(transitBefore.value),
  ).toBe(10 * 69900);
  // At cost: the catalogue's 6 units and the 4 in transit, each rounded to the cent: within a cent of 10 units.
  const [tenAtCost] = await sql<{ c: string }>(
    `select ${valueAtCostSql((name) => (name === "stock_level" ? "10" : name))}::text as c from product where id = ?`,
    [phone.id],
  );
  const atCost =
    cents(stats.inventoryValueAtCost) +
    cents(transit.valueAtCost) -
    cents(before.inventoryValueAtCost) -
    cents(transitBefore.valueAtCost);
  expect(Math.abs(atCost - cents(tenAtCost.c))).toBeLessThanOrEqual(1);
  const listed = await db.inRequest(() =>
    listTransfers({ status: "sent", locationId: places.storeB, limit: 50, offset: 0 }),
  );
  expect(listed.rows.map((row) => row.number)).toContain(made.number);

  const received = ok(await transition(made.id, { to: "received" })).transfer;
  expect(received).toMatchObject({ status: "received", inTransit: 0 });
  expect(received.lines[0]).toMatchObject({ quantity: 4, received: 4, lost: 0, lossReason: null });
  expect(await figures(phone.id)).toEqual({
    total: 10,
    warehouse: 6,
    storeB: 4,
    ledgerWarehouse: 6,
    ledgerStoreB: 4,
  });
  expect((await db.inRequest(() => productInTransit(phone.id))).quantity).toBe(0);

  ok(await move([{ productId: phone.id, delta: -1, reason: "sale", locationId: places.storeB }]));
  expect(await figures(phone.id)).toEqual({
    total: 9,
    warehouse: 6,
    storeB: 3,
    ledgerWarehouse: 6,
    ledgerStoreB: 3,
  });
  const after = await db.inRequest(() => getDashboardStats());
  const transitAfter = await db.inRequest(() => inTransitTotals());
  expect(cents(after.inventoryValue) - cents(before.inventoryValue)).toBe(9 * 69900);
  expect(transitAfter).toEqual(transitBefore);
  // A received transfer is no longer open; nor can it move again.
  expect(await openTransfers(places.storeB)).toBe(0);
  expect(await transition(made.id, { to: "sent" })).toMatchObject({ ok: false, reason: "illegalMove" });
});

test("a transfer of more than the source holds is refused naming the product and the location; nothing moves", async () => {
  const phone = await product();
  ok(await move([{ productId: phone.id, delta: 3, reason: "receipt", locationId: places.warehouse }]));
  expect(await draft([{ productId: phone.id, quantity: 5 }])).toMatchObject({
    ok: false,
    reason: "short",
    product: {
      id: phone.id,
      name: phone.name,
      sku: phone.sku,
      stockLevel: 3,
      wanted: 5,
      location: { id: places.warehouse },
    },
  });
  // A draft made while the stock was there, sent after it left: the send refuses.
  const made = ok(await draft([{ productId: phone.id, quantity: 3 }])).transfer;
  ok(await move([{ productId: phone.id, delta: -1, reason: "sale", locationId: places.warehouse }]));
  expect(await transition(made.id, { to: "sent" })).toMatchObject({
    ok: false,
    reason: "short",
    product: { id: phone.id, name: phone.name, stockLevel: 2, wanted: 3 },
  });
  expect(await figures(phone.id)).toMatchObject({ total: 2, warehouse: 2 });
  expect((await db.inRequest(() => getTransfer(made.id)))?.status).toBe("draft");
  // Bad places: the same on both ends, an inactive one.
  expect(
    await draft([{ productId: phone.id, quantity: 1 }], places.warehouse, places.warehouse),
  ).toMatchObject({
    reason: "sameLocation",
  });
  expect(await draft([{ productId: phone.id, quantity: 1 }], places.warehouse, places.closed)).toMatchObject({
    reason: "toLocation",
  });
  // A draft is changed, cancelled, or deleted; a cancelled one moves no more.
  const changed = ok(
    await db.inRequest(() =>
      changeTransfer(made.id, {
        fromLocationId: places.warehouse,
        toLocationId: places.storeB,
        note: "Two only",
        lines: [{ productId: phone.id, sku: null, quantity: 2, serials: [] }],
        version: null,
      }),
    ),
  ).transfer;
  expect(changed).toMatchObject({ note: "Two only", units: 2 });
  expect(ok(await transition(made.id, { to: "cancelled" })).transfer.status).toBe("cancelled");
  expect(await db.inRequest(() => deleteTransfer(made.id, null))).toMatchObject({
    ok: false,
    reason: "locked",
  });
  const other = ok(await draft([{ productId: phone.id, quantity: 1 }])).transfer;
  expect(await openTransfers(places.warehouse)).toBeGreaterThan(0);
  ok(await db.inRequest(() => deleteTransfer(other.id, null)));
  expect(await db.inRequest(() => getTransfer(other.id))).toBeNull();
});

test("a short receipt records the difference as a loss with its reason, on the line and in the audit", async () => {
  const phone = await product();
  ok(await move([{ productId: phone.id, delta: 5, reason: "receipt", locationId: places.warehouse }]));
  const made = ok(await draft([{ productId: phone.id, quantity: 5 }])).transfer;
  ok(await transition(made.id, { to: "sent" }));
  const lineId = made.lines[0].id;
  // Short without a reason: refused; more than sent: refused.
  expect(await transition(made.id, { to: "received", lines: [{ lineId, received: 3 }] })).toMatchObject({
    ok: false,
    reason: "lossReason",
  });
  expect(await transition(made.id, { to: "received", lines: [{ lineId, received: 6 }] })).toMatchObject({
    ok: false,
    reason: "receivedTooMany",
  });
  // A salesperson of another location may not receive it; one of store B may.
  expect(
    await transition(made.id, { to: "received" }, { id: users.sellerElsewhere, mayWrite: false }),
  ).toMatchObject({ ok: false, reason: "notAllowed" });
  const received = ok(
    await db.inRequest(() =>
      moveTransfer(
        made.id,
        transferTransitionSchema.parse({
          to: "received",
          lines: [{ lineId, received: 3, lossReason: "damaged", lossNote: "Box crushed" }],
        }),
        { id: users.seller, mayWrite: false },
      ),
    ),
  ).transfer;
  expect(received.lines[0]).toMatchObject({
    quantity: 5,
    received: 3,
    lost: 2,
    lossReason: "damaged",
    lossNote: "Box crushed",
  });
  expect(await figures(phone.id)).toMatchObject({ total: 3, warehouse: 0, storeB: 3, ledgerStoreB: 3 });
  // The audit trail has the line's receipt and loss.
  const trail = await sql<{ changes: Record<string, { to?: unknown }> }>(
    "select changes from audit_log where entity_type = 'transfer_line' and entity_id = ? and action = 'update'",
    [lineId],
  );
  expect(trail.at(-1)?.changes).toMatchObject({
    received: { to: 3 },
    lossReason: { to: "damaged" },
    lossNote: { to: "Box crushed" },
  });
  const listed = await db.inRequest(() => listTransfers({ status: "received", limit: 50, offset: 0 }));
  expect(listed.rows.find((row) => row.id === made.id)).toMatchObject({ lost: 2, inTransit: 0 });
});

test("serials move with the transfer: in transit when sent, in stock at the destination when received, a unit not received is scrapped", async () => {
  const phone = await product("serial");
  const serials = ["TRS-A1", "TRS-A2", "TRS-A3"].map((serial) => `${serial}-${random().toUpperCase()}`);
  await db.inRequest(() =>
    db.orm.em.fork().transactional(async (tx) => {
      await changeStock(tx, [
        { productId: phone.id, delta: 3, reason: "receipt", locationId: places.warehouse },
      ]);
      await recordOpeningSerials(
        tx,
        serials.map((serial) => ({ productId: phone.id, serial })),
        "opening",
        null,
        places.warehouse,
      );
    }),
  );
  // One serial per unit, each in stock at the source.
  expect(await draft([{ productId: phone.id, quantity: 2, serials: [serials[0]] }])).toMatchObject({
    ok: false,
    reason: "serials",
  });
  expect(
    await draft(
      [{ productId: phone.id, quantity: 1, serials: [serials[0]] }],
      places.storeB,
      places.warehouse,
    ),
  ).toMatchObject({
    ok: false,
  });
  const made = ok(
    await draft([{ productId: phone.id, quantity: 2, serials: [serials[0], serials[1]] }]),
  ).transfer;
  expect(made.lines[0].serials.map((unit) => unit.serial).sort()).toEqual([serials[0], serials[1]].sort());
  ok(await transition(made.id, { to: "sent" }));
  const units = () =>
    sql<{ serial: string; state: string; location_id: number }>(
      "select serial, state, location_id from serial_unit where product_id = ? order by serial",
      [phone.id],
    );
  expect(await units()).toEqual(
    [
      { serial: serials[0], state: "in_transit", location_id: places.warehouse },
      { serial: serials[1], state: "in_transit", location_id: places.warehouse },
      { serial: serials[2], state: "in_stock", location_id: places.warehouse },
    ].sort((a, b) => a.serial.localeCompare(b.serial)),
  );
  const lineId = made.lines[0].id;
  // Received: one of the two arrived; the other was lost.
  const received = ok(
    await transition(made.id, {
      to: "received",
      lines: [{ lineId, received: 1, serials: [serials[0]], lossReason: "lost", lossNote: "Not in the box" }],
    }),
  ).transfer;
  expect(received.lines[0]).toMatchObject({ received: 1, lost: 1, lossReason: "lost" });
  expect(received.lines[0].serials.find((unit) => unit.serial === serials[0])?.received).toBe(true);
  expect(received.lines[0].serials.find((unit) => unit.serial === serials[1])?.received).toBe(false);
  expect(await units()).toEqual(
    [
      { serial: serials[0], state: "in_stock", location_id: places.storeB },
      { serial: serials[1], state: "scrapped", location_id: places.warehouse },
      { serial: serials[2], state: "in_stock", location_id: places.warehouse },
    ].sort((a, b) => a.serial.localeCompare(b.serial)),
  );
  const events = await sql<{ serial: string; kind: string; document_number: string; note: string | null }>(
    `select u.serial, e.kind, e.document_number, e.note from serial_event e join serial_unit u on u.id = e.unit_id
      where u.product_id = ? and e.document_type = 'transfer' order by u.serial, e.id`,
    [phone.id],
  );
  expect(events).toEqual(
    expect.arrayContaining([
      { serial: serials[0], kind: "transfer_sent", document_number: made.number, note: null },
      { serial: serials[0], kind: "transfer_received", document_number: made.number, note: null },
      { serial: serials[1], kind: "scrapped", document_number: made.number, note: "lost: Not in the box" },
    ]),
  );
  expect(await figures(phone.id)).toMatchObject({ total: 2, warehouse: 1, storeB: 1 });
});

test("ten transfers and sales out of one location at once never take it below zero", async () => {
  const phone = await product();
  ok(await move([{ productId: phone.id, delta: 10, reason: "receipt", locationId: places.warehouse }]));
  const drafts = [];
  for (let i = 0; i < 10; i++) drafts.push(ok(await draft([{ productId: phone.id, quantity: 2 }])).transfer);
  const results = await Promise.all([
    ...drafts.map((made) => transition(made.id, { to: "sent" })),
    ...Array.from({ length: 5 }, () =>
      move([{ productId: phone.id, delta: -1, reason: "sale", locationId: places.warehouse }]),
    ),
  ]);
  const sentCount = results.slice(0, 10).filter((result) => result.ok).length;
  const sold = results.slice(10).filter((result) => result.ok).length;
  expect(sentCount * 2 + sold).toBeLessThanOrEqual(10);
  expect(sentCount * 2 + sold).toBeGreaterThanOrEqual(9);
  for (const result of results) if (!result.ok) expect(result).toMatchObject({ reason: "short" });
  const figure = await figures(phone.id);
  expect(figure.warehouse).toBe(10 - sentCount * 2 - sold);
  expect(figure.warehouse).toBeGreaterThanOrEqual(0);
  expect(figure.ledgerWarehouse).toBe(figure.warehouse);
  expect((await db.inRequest(() => productInTransit(phone.id))).quantity).toBe(sentCount * 2);
});
