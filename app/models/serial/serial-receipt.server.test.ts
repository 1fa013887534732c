import { beforeEach, describe, expect, test } from "vitest";
import { getPurchaseOrder } from "~/models/purchase-order/purchase-order.server";
import { testDatabase } from "../../../tests/setup/database";
import { imei, ok, SERIAL_TABLES, serialFixtures } from "../../../tests/setup/serial-fixtures";
import { findSerialUnits, getSerialUnit, recordReceivedSerials, SerialConflict } from "./serial.server";
import { parseSerialList } from "./serial-list";

const db = testDatabase();
const { phone, sentOrder, receive, user } = serialFixtures(db);

beforeEach(() => db.truncate(...SERIAL_TABLES));

describe("receiving serial-tracked products (issue #31)", () => {
  test("a PO line of 3 IMEI phones refuses a pasted list with a duplicate and a bad check digit, naming both, then takes 3 valid ones into stock", async () => {
    const { product, supplierId } = await phone("imei");
    const order = await sentOrder(supplierId, product.id, 3);
    const lineId = order.lines[0].id;
    const [a, b, c] = [imei("35693803564380"), imei("49015420323751"), imei("86012345678901")];
    const wrong = `${c.slice(0, 14)}${(Number(c[14]) + 1) % 10}`;

    // Pasted as a list: one per line, spaces and letter case as a person leaves them.
    const pasted = parseSerialList(` ${a}\n${a}\r\n${wrong}\n`);
    const refused = await receive(order.id, lineId, 3, pasted);
    expect(refused.ok).toBe(false);
    if (refused.ok || refused.reason !== "serials") throw new Error("expected the serials refused");
    expect(refused.lines).toHaveLength(1);
    expect(refused.lines[0].problems).toEqual(
      expect.arrayContaining([
        { problem: "duplicate", serial: a },
        { problem: "imeiCheckDigit", serial: wrong },
      ]),
    );
    // Nothing changed: no units, no stock, nothing received.
    expect(await db.inRequest(() => findSerialUnits(a))).toEqual([]);
    const after = await db.inRequest(() => getPurchaseOrder(order.id));
    expect(after?.lines[0].quantityReceived).toBe(0);

    const userId = await user();
    const accepted = ok(await receive(order.id, lineId, 3, parseSerialList(`${a}\n${b}\n${c}`), userId));
    expect(accepted.order.status).toBe("received");
    const [[stock]] = [
      await db.orm.em
        .fork()
        .execute<{ stock_level: number }[]>("select stock_level from product where id = ?", [product.id]),
    ];
    expect(stock.stock_level).toBe(3);
    for (const serial of [a, b, c]) {
      const [found] = await db.inRequest(() => findSerialUnits(serial));
      expect(found).toMatchObject({ serial, state: "in_stock", productId: product.id });
      const unit = await db.inRequest(() => getSerialUnit(found.id));
      expect(unit?.guaranteeMonths).toBe(24);
      expect(unit?.purchaseOrderId).toBe(order.id);
      expect(unit?.events).toEqual([
        expect.objectContaining({
          kind: "received",
          documentType: "purchase_order",
          documentId: order.id,
          documentNumber: order.number,
          user: "Ville Vastaanottaja",
        }),
      ]);
    }
  });

  test("lists every problem at once: a wrong count, bad IMEIs and serials already known", async () => {
    const { product, supplierId } = await phone("imei");
    const first = await sentOrder(supplierId, product.id, 1);
    const known = imei("35000000000001");
    ok(await receive(first.id, first.lines[0].id, 1, [known]));

    const second = await sentOrder(supplierId, product.id, 2);
    const refused = await receive(second.id, second.lines[0].id, 2, [known, "12345", imei("35000000000002")]);
    if (refused.ok || refused.reason !== "serials") throw new Error("expected the serials refused");
    expect(refused.lines[0].problems).toEqual(
      expect.arrayContaining([
        { problem: "known", serial: known },
        { problem: "imeiLength", serial: "12345" },
        { problem: "count", expected: 2, given: 3 },
      ]),
    );
  });

  test("a serial product takes any text, trimmed and upper-cased; an untracked line takes no serials", async () => {
    const { product, supplierId } = await phone("serial");
    const order = await sentOrder(supplierId, product.id, 2);
    ok(await receive(order.id, order.lines[0].id, 2, ["  sn-ab12 ", "SN-AB13"]));
    expect((await db.inRequest(() => findSerialUnits("sn-ab12")))[0]).toMatchObject({ serial: "SN-AB12" });
    // The same serial in another letter case is the same unit: known.
    const again = await sentOrder(supplierId, product.id, 1);
    const refused = await receive(again.id, again.lines[0].id, 1, ["Sn-Ab12"]);
    expect(refused).toMatchObject({ ok: false, reason: "serials" });
  });

  test("ten concurrent receipts of one serial: exactly one succeeds, the others are refused naming it", async () => {
    const { product, supplierId } = await phone("imei");
    const orders = await Promise.all(Array.from({ length: 10 }, () => sentOrder(supplierId, product.id, 1)));
    const serial = imei("35123456789012");
    const results = await Promise.all(
      orders.map((order) => receive(order.id, order.lines[0].id, 1, [serial])),
    );
    expect(results.filter((result) => result.ok)).toHaveLength(1);
    for (const result of results.filter((r) => !r.ok)) {
      expect(result).toMatchObject({ ok: false, reason: "serials" });
      if (!result.ok && result.reason === "serials")
        expect(result.lines[0].problems).toEqual([{ problem: "known", serial }]);
    }
    const [{ units, stock }] = await db.orm.em
      .fork()
      .execute<{ units: number; stock: number }[]>(
        "select (select count(*)::int from serial_unit where product_id = ?) as units, (select stock_level from product where id = ?) as stock",
        [product.id, product.id],
      );
    expect(units).toBe(1);
    expect(stock).toBe(1);
  });

  test("the database holds a serial once per product: a second insert fails, and a receipt that lost the race throws SerialConflict naming it", async () => {
    const { product, supplierId } = await phone("serial");
    const order = await sentOrder(supplierId, product.id, 1);
    ok(await receive(order.id, order.lines[0].id, 1, ["SN-RACE"]));
    const fork = db.orm.em.fork();
    await expect(
      fork.execute(
        "insert into serial_unit (product_id, serial, state, version, location_id) values (?, 'SN-RACE', 'sold', 1, (select id from location where is_default))",
        [product.id],
      ),
    ).rejects.toThrow(/serial_unit_product_serial_unique/);
    // What a receipt does once its checks passed and another receipt committed the serial meanwhile.
    const line = {
      lineId: order.lines[0].id,
      productId: product.id,
      productName: product.name,
      sku: product.sku,
      tracking: "serial" as const,
      quantity: 2,
      serials: ["SN-NEW", "SN-RACE"],
    };
    const lost = db.orm.em
      .fork()
      .transactional((tx) =>
        recordReceivedSerials(
          tx,
          [line],
          { type: "purchase_order", id: order.id, number: order.number },
          null,
        ),
      );
    await expect(lost).rejects.toBeInstanceOf(SerialConflict);
    await lost.catch((error: SerialConflict) =>
      expect(error.lines[0].problems).toEqual([{ problem: "known", serial: "SN-RACE" }]),
    );
    // Rolled back: SN-NEW was not kept.
    expect(await db.inRequest(() => findSerialUnits("SN-NEW"))).toEqual([]);
  });
});
