import { beforeAll, describe, expect, test } from "vitest";
import { changeReturn, createReturn, moveReturn } from "~/models/customer-return/customer-return.server";
import { returnSchema } from "~/models/customer-return/customer-return-schema";
import { Location } from "~/models/location/location.entity";
import { openDocumentsAt } from "~/models/location/location-documents.server";
import { listDocuments } from "~/models/order/document-read.server";
import { changeOrder, createOrder, getOrder, moveOrder } from "~/models/order/order.server";
import { orderSchema } from "~/models/order/order-schema";
import {
  changePurchaseOrder,
  createPurchaseOrder,
  movePurchaseOrder,
  receivePurchaseOrder,
} from "~/models/purchase-order/purchase-order.server";
import { purchaseOrderSchema, receiveSchema } from "~/models/purchase-order/purchase-order-schema";
import { testDatabase } from "../../../tests/setup/database";
import { ok, random, serialFixtures } from "../../../tests/setup/serial-fixtures";

/**
 * Documents by location (issue #32): an order ships from a location (its stock checked and taken
 * there), a purchase order is received into one, a customer return brings goods back into the
 * order's, and a serial-tracked unit ships only from where it is.
 */

const db = testDatabase();
const { phone, user, customer } = serialFixtures(db);
const places = { warehouse: { id: 0, name: "" }, storeB: { id: 0, name: "" }, closed: { id: 0, name: "" } };

beforeAll(async () => {
  const em = db.orm.em.fork();
  const suffix = random();
  const warehouse = em.create(Location, { name: `Web warehouse ${suffix}`, kind: "warehouse" });
  const storeB = em.create(Location, { name: `Store B ${suffix}`, kind: "store" });
  const closed = em.create(Location, { name: `Closed ${suffix}`, kind: "store", active: false });
  await em.flush();
  places.warehouse = { id: warehouse.id, name: warehouse.name };
  places.storeB = { id: storeB.id, name: storeB.name };
  places.closed = { id: closed.id, name: closed.name };
});

async function sql<T>(query: string, params: unknown[] = []) {
  return db.orm.em.fork().execute<T[]>(query, params);
}

/** What a product holds at a location (0 without a row), and its total. */
async function stock(productId: number, locationId: number) {
  const [row] = await sql<{ here: number; total: number }>(
    `select coalesce((select quantity from product_stock where product_id = p.id and location_id = ?), 0) as here,
            p.stock_level as total
       from product p where p.id = ?`,
    [locationId, productId],
  );
  return row;
}

/** A purchase order delivered into `locationId`, sent and received in full (with serials for a tracked product). */
async function received(
  supplierId: number,
  productId: number,
  quantity: number,
  locationId: number,
  serials: string[] = [],
) {
  const input = purchaseOrderSchema.parse({ supplierId, locationId, lines: [{ productId, quantity }] });
  const draft = ok(await db.inRequest(() => createPurchaseOrder({ ...input, supplierId }, null))).order;
  const sent = ok(await db.inRequest(() => movePurchaseOrder(draft.id, "sent", null))).order;
  return ok(
    await db.inRequest(() =>
      receivePurchaseOrder(
        sent.id,
        receiveSchema.parse({ lines: [{ lineId: sent.lines[0].id, quantity, serials }] }),
        null,
      ),
    ),
  ).order;
}

const order = (productId: number, quantity: number, locationId?: number, userId: number | null = null) =>
  db.inRequest(() =>
    createOrder(
      orderSchema.parse({ customerId: null, locationId, lines: [{ productId, quantity }] }),
      userId,
    ),
  );
const move = (id: number, to: string, serials?: { lineId: number; serials: string[] }[]) =>
  db.inRequest(() => moveOrder(id, to, null, null, serials ? { serials } : {}));

describe("documents by location (issue #32)", () => {
  test("10 units received into the warehouse: the warehouse holds them, the total follows, the receipt names the place", async () => {
    const { product, supplierId } = await phone("none");
    const po = await received(supplierId, product.id, 10, places.warehouse.id);
    expect(po.location).toMatchObject({ id: places.warehouse.id, name: places.warehouse.name });
    expect(await stock(product.id, places.warehouse.id)).toEqual({ here: 10, total: 10 });
    const movements = await sql<{ location_id: number; quantity: number; reference: string }>(
      "select location_id, quantity, reference from stock_movement where product_id = ? and reason = 'receipt'",
      [product.id],
    );
    expect(movements).toEqual([{ location_id: places.warehouse.id, quantity: 10, reference: po.number }]);
  });

  test("a purchase order's location: checked, changed while a draft or sent with nothing in, then fixed", async () => {
    const { product, supplierId } = await phone("none");
    const base = { supplierId, lines: [{ productId: product.id, quantity: 4 }] };
    const refused = await db.inRequest(() =>
      createPurchaseOrder(
        { ...purchaseOrderSchema.parse({ ...base, locationId: places.closed.id }), supplierId },
        null,
      ),
    );
    expect(refused).toMatchObject({ ok: false, reason: "locationNotFound", locationId: places.closed.id });
    const draft = ok(
      await db.inRequest(() => createPurchaseOrder({ ...purchaseOrderSchema.parse(base), supplierId }, null)),
    ).order;
    const sent = ok(await db.inRequest(() => movePurchaseOrder(draft.id, "sent", null))).order;
    const change = (locationId: number, version: number) =>
      db.inRequest(() =>
        changePurchaseOrder(sent.id, {
          ...purchaseOrderSchema.parse({ ...base, version, locationId }),
          supplierId,
        }),
      );
    const moved = ok(await change(places.storeB.id, sent.version)).order;
    expect(moved.location.id).toBe(places.storeB.id);
    ok(
      await db.inRequest(() =>
        receivePurchaseOrder(
          sent.id,
          receiveSchema.parse({ lines: [{ lineId: sent.lines[0].id, quantity: 1 }] }),
          null,
        ),
      ),
    );
    expect(await stock(product.id, places.storeB.id)).toEqual({ here: 1, total: 1 });
    const after = (
      await sql<{ version: number }>("select version from purchase_order where id = ?", [sent.id])
    )[0];
    expect(await change(places.warehouse.id, after.version)).toMatchObject({ ok: false, reason: "locked" });
  });

  test("an order confirmed at store B takes store B's stock; refused when store B is short though the total would do; cancelling gives it back there", async () => {
    const { product, supplierId } = await phone("none");
    await received(supplierId, product.id, 3, places.storeB.id);
    await received(supplierId, product.id, 10, places.warehouse.id);

    const first = ok(await order(product.id, 2, places.storeB.id)).order;
    expect(first.location).toEqual({ id: places.storeB.id, name: places.storeB.name });
    ok(await move(first.id, "confirmed"));
    expect(await stock(product.id, places.storeB.id)).toEqual({ here: 1, total: 11 });
    expect(await stock(product.id, places.warehouse.id)).toMatchObject({ here: 10 });
    const [sale] = await sql<{ location_id: number }>(
      "select location_id from stock_movement where product_id = ? and reason = 'sale'",
      [product.id],
    );
    expect(sale.location_id).toBe(places.storeB.id);

    const second = ok(await order(product.id, 5, places.storeB.id)).order;
    expect(await move(second.id, "confirmed")).toMatchObject({
      ok: false,
      reason: "short",
      product: { id: product.id, stockLevel: 1, wanted: 5, location: places.storeB },
    });
    // Shipping from the warehouse instead, chosen while it is pending: it takes the warehouse's.
    const shipped = ok(
      await db.inRequest(() =>
        changeOrder(second.id, {
          ...orderSchema.parse({ customerId: null, lines: [{ productId: product.id, quantity: 5 }] }),
          locationId: places.warehouse.id,
        }),
      ),
    ).order;
    expect(shipped.location.id).toBe(places.warehouse.id);
    ok(await move(second.id, "confirmed"));
    expect(await stock(product.id, places.warehouse.id)).toEqual({ here: 5, total: 6 });
    // A confirmed order holds its stock: its place no longer changes.
    expect(
      await db.inRequest(() =>
        changeOrder(second.id, {
          ...orderSchema.parse({ customerId: null, lines: [{ productId: product.id, quantity: 5 }] }),
          locationId: places.storeB.id,
        }),
      ),
    ).toMatchObject({ ok: false, reason: "locked" });

    ok(await move(first.id, "cancelled"));
    expect(await stock(product.id, places.storeB.id)).toEqual({ here: 3, total: 8 });
  });

  test("a new order ships from its maker's own location, else the default; an inactive or unknown location is refused", async () => {
    const { product } = await phone("none");
    const clerk = await user("Sari", "Myyjä", "salesperson");
    await sql(`update "user" set location_id = ? where id = ?`, [places.storeB.id, clerk]);
    expect(ok(await order(product.id, 1, undefined, clerk)).order.location.id).toBe(places.storeB.id);
    const [main] = await sql<{ id: number }>("select id from location where is_default");
    expect(ok(await order(product.id, 1)).order.location.id).toBe(main.id);
    expect(await order(product.id, 1, places.closed.id)).toMatchObject({
      ok: false,
      reason: "locationNotFound",
    });
    expect(await order(product.id, 1, 999_999)).toMatchObject({ ok: false, reason: "locationNotFound" });
  });

  test("a serial-tracked unit ships only from where it is: one at the warehouse is named as a problem at store B", async () => {
    const { product, supplierId } = await phone("serial");
    const [atWarehouse, atStore] = [`WH-${random()}`.toUpperCase(), `SB-${random()}`.toUpperCase()];
    await received(supplierId, product.id, 1, places.warehouse.id, [atWarehouse]);
    await received(supplierId, product.id, 1, places.storeB.id, [atStore]);
    const [units] = await sql<{ places: string[] }>(
      `select array_agg(serial || '@' || location_id order by serial) as places from serial_unit where product_id = ?`,
      [product.id],
    );
    expect(units.places.sort()).toEqual(
      [`${atWarehouse}@${places.warehouse.id}`, `${atStore}@${places.storeB.id}`].sort(),
    );

    const sale = ok(await order(product.id, 1, places.storeB.id)).order;
    ok(await move(sale.id, "confirmed"));
    const lineId = sale.lines[0].id;
    expect(await move(sale.id, "shipped", [{ lineId, serials: [atWarehouse] }])).toEqual({
      ok: false,
      reason: "serials",
      lines: [
        expect.objectContaining({
          lineId,
          problems: [{ problem: "elsewhere", serial: atWarehouse, location: places.warehouse.name }],
        }),
      ],
    });
    const shipped = ok(await move(sale.id, "shipped", [{ lineId, serials: [atStore] }])).order;
    expect(shipped.units.map((unit) => unit.serial)).toEqual([atStore]);
  });

  test("a customer return brings goods back into the order's location; a manager may choose another, a salesperson may not", async () => {
    const { product, supplierId } = await phone("serial");
    const [first, second] = [`RT-${random()}`.toUpperCase(), `RT-${random()}`.toUpperCase()];
    await received(supplierId, product.id, 2, places.storeB.id, [first, second]);
    const buyer = await customer();
    const sale = ok(
      await db.inRequest(() =>
        createOrder(
          orderSchema.parse({
            customerId: buyer.id,
            locationId: places.storeB.id,
            lines: [{ productId: product.id, quantity: 2 }],
          }),
          null,
        ),
      ),
    ).order;
    ok(await move(sale.id, "confirmed"));
    ok(await move(sale.id, "shipped", [{ lineId: sale.lines[0].id, serials: [first, second] }]));
    expect(await stock(product.id, places.storeB.id)).toEqual({ here: 0, total: 0 });

    const line = (serial: string) => ({
      orderLineId: sale.lines[0].id,
      serials: [serial],
      reason: "change_of_mind",
      outcome: "back_to_stock",
    });
    const back = ok(
      await db.inRequest(() =>
        createReturn(returnSchema.parse({ orderId: sale.id, lines: [line(first)] }), null, {
          mayChooseLocation: false,
        }),
      ),
    ).ret;
    expect(back.location).toEqual({ id: places.storeB.id, name: places.storeB.name });
    ok(await db.inRequest(() => moveReturn(back.id, "completed", null)));
    expect(await stock(product.id, places.storeB.id)).toEqual({ here: 1, total: 1 });
    const [unit] = await sql<{ state: string; location_id: number }>(
      "select state, location_id from serial_unit where serial = ?",
      [first],
    );
    expect(unit).toEqual({ state: "in_stock", location_id: places.storeB.id });

    // A salesperson cannot send the goods elsewhere; a manager can.
    const input = returnSchema.parse({
      orderId: sale.id,
      lines: [line(second)],
      locationId: places.warehouse.id,
    });
    expect(await db.inRequest(() => createReturn(input, null, { mayChooseLocation: false }))).toMatchObject({
      ok: false,
      reason: "locationForbidden",
    });
    const elsewhere = ok(
      await db.inRequest(() => createReturn(input, null, { mayChooseLocation: true })),
    ).ret;
    expect(elsewhere.location.id).toBe(places.warehouse.id);
    expect(
      await db.inRequest(() =>
        changeReturn(elsewhere.id, {
          note: null,
          lines: input.lines,
          version: elsewhere.version,
          locationId: places.closed.id,
        }),
      ),
    ).toMatchObject({ ok: false, reason: "locationNotFound" });
    ok(await db.inRequest(() => moveReturn(elsewhere.id, "completed", null)));
    expect(await stock(product.id, places.warehouse.id)).toEqual({ here: 1, total: 2 });
    const [moved] = await sql<{ location_id: number }>(
      "select location_id from serial_unit where serial = ?",
      [second],
    );
    expect(moved.location_id).toBe(places.warehouse.id);
  });

  test("the order list filters by location and names it", async () => {
    const { product } = await phone("none");
    const made = ok(await order(product.id, 1, places.warehouse.id)).order;
    const { rows } = await db.inRequest(() =>
      listDocuments("order", { locationId: places.warehouse.id, limit: 100, offset: 0 }),
    );
    expect(rows.map((row) => row.id)).toContain(made.id);
    expect(rows.every((row) => row.locationId === places.warehouse.id)).toBe(true);
    expect(rows.find((row) => row.id === made.id)?.locationName).toBe(places.warehouse.name);
    expect((await db.inRequest(() => getOrder(made.id)))?.location.id).toBe(places.warehouse.id);
  });

  test("open documents at a location are counted: confirmed orders, sent purchase orders, draft returns", async () => {
    const em = db.orm.em.fork();
    const place = em.create(Location, { name: `Counted ${random()}`, kind: "store" });
    await em.flush();
    const count = () => db.inRequest(() => openDocumentsAt(db.orm.em.fork(), place.id));
    expect(await count()).toEqual({ orders: 0, purchaseOrders: 0, returns: 0 });
    const { product, supplierId } = await phone("none");
    const input = purchaseOrderSchema.parse({
      supplierId,
      locationId: place.id,
      lines: [{ productId: product.id, quantity: 5 }],
    });
    const draft = ok(await db.inRequest(() => createPurchaseOrder({ ...input, supplierId }, null))).order;
    ok(await db.inRequest(() => movePurchaseOrder(draft.id, "sent", null)));
    ok(
      await db.inRequest(() =>
        receivePurchaseOrder(
          draft.id,
          receiveSchema.parse({ lines: [{ lineId: draft.lines[0].id, quantity: 2 }] }),
          null,
        ),
      ),
    );
    const pending = ok(await order(product.id, 1, place.id)).order;
    expect(await count()).toEqual({ orders: 0, purchaseOrders: 1, returns: 0 });
    ok(await move(pending.id, "confirmed"));
    expect(await count()).toEqual({ orders: 1, purchaseOrders: 1, returns: 0 });
    ok(await move(pending.id, "shipped"));
    expect(await count()).toEqual({ orders: 0, purchaseOrders: 1, returns: 0 });
  });
});
