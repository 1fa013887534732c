import { beforeEach, describe, expect, test } from "vitest";
import { SHOP_TIME_ZONE } from "~/i18n/shop-time-zone";
import { todayIn } from "~/models/campaign/campaign-status";
import { getOrder, moveOrder } from "~/models/order/order.server";
import { deleteProduct } from "~/models/product/product-writes.server";
import { testDatabase } from "../../../tests/setup/database";
import { imei, ok, SERIAL_TABLES, serialFixtures } from "../../../tests/setup/serial-fixtures";
import { findSerialUnits, getSerialUnit, recordOpeningSerials } from "./serial.server";
import { unitsSoldToCustomer } from "./serial-sale.server";

const db = testDatabase();
const { phone, inStock, user, customer, confirmedOrder } = serialFixtures(db);

const ship = (
  orderId: number,
  serials: { lineId: number; serials: string[] }[],
  userId: number | null = null,
) => db.inRequest(() => moveOrder(orderId, "shipped", userId, null, { serials }));

/** The last day of a guarantee of `months` bought today: the day before the same date `months` later. */
function guaranteeEnd(months: number) {
  const [year, month, day] = todayIn(SHOP_TIME_ZONE).split("-").map(Number);
  const end = new Date(Date.UTC(year, month - 1 + months, day) - 86_400_000);
  return end.toISOString().slice(0, 10);
}

beforeEach(() => db.truncate(...SERIAL_TABLES));

describe("selling serial-tracked units (issue #31)", () => {
  test("shipping an order records the IMEI sold; its search shows received, sold, to whom and the guarantee's end", async () => {
    const { product, supplierId } = await phone("imei");
    const [a, b, c] = [imei("35693803564380"), imei("49015420323751"), imei("86012345678901")];
    await inStock(product, supplierId, [a, b, c]);
    const buyer = await customer("Aino", "Virtanen");
    const order = await confirmedOrder(buyer.id, product.id, 1);
    const seller = await user("Sanna", "Myyjä", "manager");

    const shipped = ok(
      await ship(order.id, [{ lineId: order.lines[0].id, serials: [` ${b.toLowerCase()} `.trim()] }], seller),
    );
    expect(shipped.order.status).toBe("shipped");
    expect(shipped.order.units).toEqual([
      expect.objectContaining({
        lineId: order.lines[0].id,
        productId: product.id,
        serial: b,
        orderNumber: order.number,
        guaranteeEnds: guaranteeEnd(24),
      }),
    ]);

    const [found] = await db.inRequest(() => findSerialUnits(b));
    expect(found).toMatchObject({ state: "sold" });
    const unit = await db.inRequest(() => getSerialUnit(found.id));
    expect(unit?.sale).toEqual(
      expect.objectContaining({
        orderId: order.id,
        orderNumber: order.number,
        customerId: buyer.id,
        customerName: "Aino Virtanen",
        guaranteeEnds: guaranteeEnd(24),
      }),
    );
    expect(unit?.events.map((event) => [event.kind, event.documentType, event.documentNumber])).toEqual([
      ["received", "purchase_order", expect.stringMatching(/^PO-/)],
      ["sold", "order", order.number],
    ]);
    expect(unit?.events[1].user).toBe("Sanna Myyjä");
    // The audit trail has a line per event: the unit received, then sold on the order.
    const audit = await db.orm.em
      .fork()
      .execute<{ action: string; changes: Record<string, { to: string }> }[]>(
        "select action, changes from audit_log where entity_type = 'serial_unit' and entity_id = ? order by id",
        [found.id],
      );
    expect(audit).toEqual([
      { action: "create", changes: expect.objectContaining({ event: { to: "received" } }) },
      {
        action: "update",
        changes: { state: { to: "sold" }, event: { to: "sold" }, document: { to: order.number } },
      },
    ]);
    // The other two stay in stock; the customer's page lists what they bought.
    expect((await db.inRequest(() => findSerialUnits(a)))[0].state).toBe("in_stock");
    const bought = await db.inRequest(() => unitsSoldToCustomer(buyer.id));
    expect(bought).toMatchObject({ total: 1, units: [{ serial: b, orderNumber: order.number }] });
  });

  test("every problem of a shipment at once, and nothing moves: a wrong count, an unknown serial, one not in stock, a line not on the order", async () => {
    const { product, supplierId } = await phone("serial", null);
    await inStock(product, supplierId, ["SN-1", "SN-2", "SN-3"]);
    const first = await confirmedOrder(null, product.id, 1);
    ok(await ship(first.id, [{ lineId: first.lines[0].id, serials: ["SN-1"] }]));
    expect((await db.inRequest(() => getOrder(first.id)))?.units[0].guaranteeEnds).toBeNull();

    const order = await confirmedOrder(null, product.id, 2);
    const lineId = order.lines[0].id;
    const refused = await ship(order.id, [{ lineId, serials: ["SN-1", "SN-9", "SN-2"] }]);
    if (refused.ok || refused.reason !== "serials") throw new Error("expected the serials refused");
    expect(refused.lines[0].problems).toEqual(
      expect.arrayContaining([
        { problem: "count", expected: 2, given: 3 },
        { problem: "notInStock", serial: "SN-1" },
        { problem: "unknown", serial: "SN-9" },
      ]),
    );
    expect(refused.lines[0].problems).toHaveLength(3);
    // A serial no unit can have (a NUL, as the page's plain form may post it; one too long) is named
    // among the list's problems, never sent to PostgreSQL.
    const unstorable = await ship(order.id, [{ lineId, serials: ["SN-2", "A\u0000B"] }]);
    expect(unstorable).toMatchObject({
      ok: false,
      reason: "serials",
      lines: [{ problems: [{ problem: "invalid", serial: "A\u0000B" }] }],
    });
    // No serials at all for a tracked line: its count.
    expect(await ship(order.id, [])).toMatchObject({
      ok: false,
      reason: "serials",
      lines: [{ lineId, problems: [{ problem: "count", expected: 2, given: 0 }] }],
    });
    // A line that is not the order's.
    expect(await ship(order.id, [{ lineId: first.lines[0].id, serials: ["SN-2"] }])).toEqual({
      ok: false,
      reason: "lineNotFound",
      lineId: first.lines[0].id,
    });
    const after = await db.inRequest(() => getOrder(order.id));
    expect(after?.status).toBe("confirmed");
    expect(after?.units).toEqual([]);
    expect((await db.inRequest(() => findSerialUnits("SN-2")))[0].state).toBe("in_stock");

    ok(await ship(order.id, [{ lineId, serials: ["SN-2", "SN-3"] }]));
  });

  test("an untracked product's line ships without serials and refuses any sent", async () => {
    const { product, supplierId } = await phone("none", null);
    await inStock(product, supplierId, [], 1);
    const order = await confirmedOrder(null, product.id, 1);
    expect(await ship(order.id, [{ lineId: order.lines[0].id, serials: ["SN-X"] }])).toMatchObject({
      ok: false,
      reason: "serials",
      lines: [{ problems: [{ problem: "untracked", serial: "SN-X" }] }],
    });
    expect(ok(await ship(order.id, [])).order.units).toEqual([]);
  });

  test("a product whose units were counted in without a document (opening stock) is not deleted: refused as in use, never a 500", async () => {
    const { product } = await phone("serial", null);
    await db.orm.em
      .fork()
      .transactional((tx) =>
        recordOpeningSerials(tx, [{ productId: product.id, serial: "SN-OPEN" }], "opening"),
      );
    expect(await db.inRequest(() => deleteProduct(product.id))).toMatchObject({ ok: false, reason: "inUse" });
    expect((await db.inRequest(() => findSerialUnits("SN-OPEN")))[0]).toMatchObject({ state: "in_stock" });
  });

  test("ten concurrent sales of one serial: exactly one succeeds, the others are refused naming it", async () => {
    const { product, supplierId } = await phone("imei");
    const serials = Array.from({ length: 10 }, (_, i) => imei(`3510000000000${i}`));
    await inStock(product, supplierId, serials);
    const orders = [];
    for (let i = 0; i < 10; i++) orders.push(await confirmedOrder(null, product.id, 1));
    const contested = serials[0];
    const results = await Promise.all(
      orders.map((order) => ship(order.id, [{ lineId: order.lines[0].id, serials: [contested] }])),
    );
    expect(results.filter((result) => result.ok)).toHaveLength(1);
    for (const result of results.filter((r) => !r.ok))
      expect(result).toEqual({
        ok: false,
        reason: "serials",
        lines: [expect.objectContaining({ problems: [{ problem: "notInStock", serial: contested }] })],
      });
    const rows = await db.orm.em.fork().execute<{ sold: number; events: number }[]>(
      `select (select count(*)::int from serial_unit where product_id = ? and state = 'sold') as sold,
                (select count(*)::int from serial_event where kind = 'sold') as events`,
      [product.id],
    );
    expect(rows[0]).toEqual({ sold: 1, events: 1 });
  });
});
