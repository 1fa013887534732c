import { beforeEach, describe, expect, test } from "vitest";
import { createCustomer, getCustomer } from "~/models/customer/customer.server";
import { customerSchema } from "~/models/customer/customer-schema";
import { createOrder, getOrder, moveOrder } from "~/models/order/order.server";
import { orderSchema } from "~/models/order/order-schema";
import { getProduct } from "~/models/product/product-reads.server";
import { findSerialUnits, getSerialUnit } from "~/models/serial/serial.server";
import {
  createClaimFromDefective,
  recordClaimOutcomes,
  sendSupplierClaim,
} from "~/models/supplier-claim/supplier-claim.server";
import { claimOutcomesSchema } from "~/models/supplier-claim/supplier-claim-schema";
import { testDatabase } from "../../../tests/setup/database";
import { imei, ok, random, SERIAL_TABLES, serialFixtures } from "../../../tests/setup/serial-fixtures";
import { changeReturn, createReturn, getReturn, listReturns, moveReturn } from "./customer-return.server";
import { type ReturnLineInput, returnSchema } from "./customer-return-schema";

const db = testDatabase();
const { phone, inStock, user, customer, confirmedOrder } = serialFixtures(db);

const RETURN_TABLES = [
  "customer_return_unit",
  "customer_return_line",
  "customer_return",
  "supplier_claim_line",
  "supplier_claim",
  "email_outbox",
  "audit_log",
];

beforeEach(() => db.truncate(...RETURN_TABLES, ...SERIAL_TABLES));

const ship = (orderId: number, serials: { lineId: number; serials: string[] }[] = []) =>
  db.inRequest(() => moveOrder(orderId, "shipped", null, null, { serials }));

/** A draft as the API or the form sends it (through the schema: serials normalised, defaults). */
const draft = (orderId: number, lines: Partial<ReturnLineInput>[], userId: number | null = null) =>
  db.inRequest(() => createReturn(returnSchema.parse({ orderId, lines }), userId));

const complete = (id: number, userId: number | null = null, version: number | null = null) =>
  db.inRequest(() => moveReturn(id, "completed", userId, version));

async function unit(serial: string) {
  const [found] = await db.inRequest(() => findSerialUnits(serial));
  return (await db.inRequest(() => getSerialUnit(found.id))) as NonNullable<
    Awaited<ReturnType<typeof getSerialUnit>>
  >;
}

async function stock(productId: number) {
  const product = await db.inRequest(() => getProduct(productId));
  const [row] = await db.orm.em
    .fork()
    .execute<{ defective_stock: number }[]>("select defective_stock from product where id = ?", [productId]);
  return { level: product?.stockLevel, defective: row.defective_stock };
}

const movements = (productId: number) =>
  db.orm.em
    .fork()
    .execute<{ quantity: number; reason: string; reference: string | null }[]>(
      "select quantity, reason, reference from stock_movement where product_id = ? order by id",
      [productId],
    );

/** An IMEI phone with units A, B, C in stock, unit A sold and shipped to a customer. */
async function soldPhone() {
  const { product, supplierId } = await phone("imei", 24);
  const [a, b, c] = [imei("35693803564380"), imei("49015420323751"), imei("86012345678901")];
  await inStock(product, supplierId, [a, b, c]);
  const buyer = await customer("Aino", "Virtanen");
  const order = await confirmedOrder(buyer.id, product.id, 1);
  const lineId = order.lines[0].id;
  ok(await ship(order.id, [{ lineId, serials: [a] }]));
  return { product, supplierId, buyer, order, lineId, a, b, c };
}

describe("customer returns (issue #31, item 5)", () => {
  test("a defective return of a sold IMEI unit replaced by another serial: stock, defective stock, states, timelines; the customer's totals stay; a supplier claim gathers the unit", async () => {
    const { product, supplierId, buyer, order, lineId, a, b } = await soldPhone();
    const before = await stock(product.id);
    expect(before).toEqual({ level: 2, defective: 0 });
    const totals = await db.inRequest(() => getCustomer(buyer.id));
    const guaranteeEnds = (await unit(a)).sale?.guaranteeEnds;
    expect(guaranteeEnds).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const clerk = await user("Sanna", "Myyjä", "salesperson");
    const manager = await user("Mikko", "Esimies", "manager");

    const made = ok(
      await draft(
        order.id,
        [
          {
            orderLineId: lineId,
            serials: [a.toLowerCase()],
            reason: "defective",
            outcome: "replaced",
            replacementSerials: [` ${b} `],
          },
        ],
        clerk,
      ),
    ).ret;
    expect(made).toMatchObject({
      number: expect.stringMatching(/^RMA-\d{4}-\d{6}$/),
      status: "draft",
      orderId: order.id,
      customerId: buyer.id,
      customerName: "Aino Virtanen",
      createdBy: "Sanna Myyjä",
      refundTotal: "0.00",
      lines: [
        {
          orderLineId: lineId,
          quantity: 1,
          reason: "defective",
          outcome: "replaced",
          goesTo: "defective",
          refundAmount: null,
          units: [{ serial: a, replacementSerial: b, guaranteeEnds, guaranteeEnded: false }],
        },
      ],
    });
    // A draft moves nothing.
    expect(await stock(product.id)).toEqual(before);
    expect((await unit(a)).state).toBe("sold");

    const done = ok(await complete(made.id, manager, made.version)).ret;
    expect(done).toMatchObject({ status: "completed", completedBy: "Mikko Esimies" });

    // One unit out of the sellable stock (the replacement), one into the defective stock.
    expect(await stock(product.id)).toEqual({ level: 1, defective: 1 });
    expect((await movements(product.id)).at(-1)).toEqual({
      quantity: -1,
      reason: "sale",
      reference: made.number,
    });
    const returned = await unit(a);
    expect(returned).toMatchObject({ state: "defective", sale: null });
    expect(returned.events.map((event) => [event.kind, event.documentType, event.documentNumber])).toEqual([
      ["received", "purchase_order", expect.stringMatching(/^PO-/)],
      ["sold", "order", order.number],
      ["returned", "return", made.number],
    ]);
    expect(returned.events[2]).toMatchObject({ documentId: made.id, user: "Mikko Esimies" });
    const replacement = await unit(b);
    expect(replacement).toMatchObject({
      state: "sold",
      sale: { orderId: order.id, orderNumber: order.number, customerId: buyer.id, guaranteeEnds },
    });
    expect(replacement.events.map((event) => [event.kind, event.documentNumber])).toEqual([
      ["received", expect.stringMatching(/^PO-/)],
      ["replaced", made.number],
    ]);
    // The order's line now holds the replacement; the customer's totals are as they were.
    expect(
      (await db.inRequest(() => getOrder(order.id)))?.units.map((sold) => [sold.lineId, sold.serial]),
    ).toEqual([[lineId, b]]);
    const after = await db.inRequest(() => getCustomer(buyer.id));
    expect([after?.totalOrders, after?.totalSpent]).toEqual([totals?.totalOrders, totals?.totalSpent]);
    // The audit trail has the return's writes: made with its line, then completed.
    const trail = await db.orm.em
      .fork()
      .execute<{ entity_type: string; action: string; changes: Record<string, { to?: unknown }> }[]>(
        "select entity_type, action, changes from audit_log where entity_type like 'customer_return%' order by id",
      );
    expect(trail.map((row) => [row.entity_type, row.action])).toEqual([
      ["customer_return", "create"],
      ["customer_return_line", "create"],
      ["customer_return", "update"],
    ]);
    expect(trail[2].changes.status).toEqual({ from: "draft", to: "completed" });
    // The defective unit is its supplier's to claim: gathered on a claim, sent, credited, closed.
    const claim = ok(
      await db.inRequest(() => createClaimFromDefective({ supplierId, note: null }, null)),
    ).claim;
    expect(claim.lines).toEqual([expect.objectContaining({ serial: a, quantity: 1 })]);
    ok(await db.inRequest(() => sendSupplierClaim(claim.id, null)));
    const closed = ok(
      await db.inRequest(() =>
        recordClaimOutcomes(
          claim.id,
          claimOutcomesSchema.parse({ lines: [{ lineId: claim.lines[0].id, outcome: "credited" }] }),
          null,
        ),
      ),
    ).claim;
    expect(closed.status).toBe("closed");
    expect(await stock(product.id)).toEqual({ level: 1, defective: 0 });
    // A completed return is final.
    expect(await complete(made.id)).toMatchObject({ ok: false, reason: "illegalMove", from: "completed" });
    expect(
      await db.inRequest(() => changeReturn(made.id, { note: null, lines: [], version: null })),
    ).toMatchObject({ ok: false, reason: "locked" });
  });

  test("a refunded change-of-mind return goes back to stock: the refund is what was paid after the discount, its VAT shown, the customer's spending lowered", async () => {
    const { product, supplierId } = await phone("none", 24);
    await inStock(product, supplierId, [], 2);
    const buyer = ok(
      await db.inRequest(() =>
        createCustomer(
          customerSchema.parse({
            firstName: "Eero",
            lastName: "Alennus",
            email: `${random()}@example.fi`,
            discountPercentage: "10",
          }),
        ),
      ),
    ).customer;
    const order = ok(
      await db.inRequest(() =>
        createOrder(
          orderSchema.parse({ customerId: buyer.id, lines: [{ productId: product.id, quantity: 2 }] }),
          null,
        ),
      ),
    ).order;
    ok(await db.inRequest(() => moveOrder(order.id, "confirmed", null)));
    ok(await ship(order.id));
    expect((await db.inRequest(() => getCustomer(buyer.id)))?.totalSpent).toBe("898.20");
    expect((await stock(product.id)).level).toBe(0);
    const lineId = order.lines[0].id;

    // More than was paid is refused, naming the most.
    expect(
      await draft(order.id, [
        {
          orderLineId: lineId,
          quantity: 1,
          reason: "change_of_mind",
          outcome: "refunded",
          refundAmount: "449.11",
        },
      ]),
    ).toMatchObject({
      ok: false,
      reason: "problems",
      lines: [{ problems: [{ problem: "refundTooLarge", asked: "449.11", max: "449.10" }] }],
    });
    const made = ok(
      await draft(order.id, [
        { orderLineId: lineId, quantity: 1, reason: "change_of_mind", outcome: "refunded" },
      ]),
    ).ret;
    // 499.00 less 10 %, VAT 25.5 % included: 449.10, of which VAT 91.25.
    expect(made).toMatchObject({
      refundTotal: "449.10",
      refundTax: "91.25",
      refundNet: "357.85",
      vatBreakdown: [{ rate: "25.50", gross: "449.10", vat: "91.25", net: "357.85" }],
      lines: [{ unitPaid: "449.10", refundAmount: "449.10", goesTo: "stock", units: [] }],
    });
    ok(await complete(made.id));
    expect(await stock(product.id)).toEqual({ level: 1, defective: 0 });
    expect((await movements(product.id)).at(-1)).toEqual({
      quantity: 1,
      reason: "return",
      reference: made.number,
    });
    const after = await db.inRequest(() => getCustomer(buyer.id));
    expect([after?.totalOrders, after?.totalSpent]).toEqual([1, "449.10"]);
    // The one unit left on the line comes back too, refunded in part; a third is more than was sold.
    expect(
      await draft(order.id, [
        { orderLineId: lineId, quantity: 2, reason: "change_of_mind", outcome: "back_to_stock" },
      ]),
    ).toMatchObject({
      ok: false,
      lines: [{ problems: [{ problem: "tooMany", asked: 2, available: 1 }] }],
    });
    const second = ok(
      await draft(order.id, [
        {
          orderLineId: lineId,
          quantity: 1,
          reason: "wrong_item",
          outcome: "refunded",
          refundAmount: "449,00",
        },
      ]),
    ).ret;
    ok(await complete(second.id));
    expect((await db.inRequest(() => getCustomer(buyer.id)))?.totalSpent).toBe("0.10");
    // Listed newest first; found by the order's number and the customer's name.
    const listed = await db.inRequest(() => listReturns({ search: order.number, limit: 10, offset: 0 }));
    expect(listed.rows.map((row) => row.number)).toEqual([second.number, made.number]);
    expect((await db.inRequest(() => listReturns({ search: "alennus", limit: 10, offset: 0 }))).total).toBe(
      2,
    );
  });

  test("refusals, all at once and naming each: more than sold, a serial not sold on the order, a replacement not in stock, an order not shipped", async () => {
    const { product, order, lineId, a, b, c } = await soldPhone();
    const other = await confirmedOrder(null, product.id, 1);
    ok(await ship(other.id, [{ lineId: other.lines[0].id, serials: [b] }]));

    const refused = await draft(order.id, [
      {
        orderLineId: lineId,
        serials: [a, b],
        reason: "defective",
        outcome: "replaced",
        replacementSerials: [b, "NO-SUCH-IMEI"],
      },
    ]);
    if (refused.ok || refused.reason !== "problems") throw new Error("expected the return refused");
    expect(refused.lines).toEqual([
      expect.objectContaining({ orderLineId: lineId, productName: product.name, sku: product.sku }),
    ]);
    expect(refused.lines[0].problems).toEqual([
      { problem: "tooMany", asked: 2, available: 1 },
      { problem: "notSold", serial: b },
      { problem: "duplicate", serial: b },
      { problem: "replacementNotInStock", serial: "NO-SUCH-IMEI" },
    ]);
    // A replacement that was sold is not in stock.
    expect(
      await draft(order.id, [
        {
          orderLineId: lineId,
          serials: [a],
          reason: "defective",
          outcome: "replaced",
          replacementSerials: [b],
        },
      ]),
    ).toMatchObject({ ok: false, lines: [{ problems: [{ problem: "replacementNotInStock", serial: b }] }] });
    // A serial no unit can have (a NUL, as a plain form may post it) is named, never sent to PostgreSQL.
    expect(
      await draft(order.id, [
        {
          orderLineId: lineId,
          serials: ["A\u0000B"],
          reason: "defective",
          outcome: "replaced",
          replacementSerials: ["C\u0000D"],
        },
      ]),
    ).toMatchObject({
      ok: false,
      lines: [
        {
          problems: [
            { problem: "notSold", serial: "A\u0000B" },
            { problem: "replacementNotInStock", serial: "C\u0000D" },
          ],
        },
      ],
    });
    // A line of another order, an order not yet shipped.
    expect(
      await draft(order.id, [
        { orderLineId: other.lines[0].id, serials: [b], reason: "defective", outcome: "refunded" },
      ]),
    ).toEqual({ ok: false, reason: "lineNotFound", lineId: other.lines[0].id });
    const unshipped = await confirmedOrder(null, product.id, 1);
    expect(
      await draft(unshipped.id, [
        { orderLineId: unshipped.lines[0].id, serials: [c], reason: "defective", outcome: "refunded" },
      ]),
    ).toMatchObject({
      ok: false,
      reason: "notReturnable",
      orderNumber: unshipped.number,
      status: "confirmed",
    });

    // A draft whose unit was returned meanwhile is refused when completed, and nothing moves.
    const first = ok(
      await draft(order.id, [
        { orderLineId: lineId, serials: [a], reason: "change_of_mind", outcome: "back_to_stock" },
      ]),
    ).ret;
    const second = ok(
      await draft(order.id, [
        { orderLineId: lineId, serials: [a], reason: "defective", outcome: "defective_stock" },
      ]),
    ).ret;
    // A stale version is refused.
    expect(await complete(first.id, null, first.version + 1)).toEqual({ ok: false, reason: "stale" });
    ok(await complete(first.id, null, first.version));
    const level = await stock(product.id);
    expect(await complete(second.id)).toMatchObject({
      ok: false,
      reason: "problems",
      lines: [
        {
          problems: [
            { problem: "tooMany", asked: 1, available: 0 },
            { problem: "notSold", serial: a },
          ],
        },
      ],
    });
    expect(await stock(product.id)).toEqual(level);
    expect((await unit(a)).state).toBe("in_stock");
    expect((await db.inRequest(() => getReturn(second.id)))?.status).toBe("draft");
    // Cancelled, it stays so.
    expect(ok(await db.inRequest(() => moveReturn(second.id, "cancelled", null))).ret.status).toBe(
      "cancelled",
    );
  });

  test("ten concurrent completions of returns of one unit: exactly one succeeds, the others are refused naming it", async () => {
    const { product, order, lineId, a } = await soldPhone();
    const drafts = [];
    for (let i = 0; i < 10; i++)
      drafts.push(
        ok(
          await draft(order.id, [
            { orderLineId: lineId, serials: [a], reason: "defective", outcome: "defective_stock" },
          ]),
        ).ret,
      );
    const results = await Promise.all(drafts.map((made) => complete(made.id)));
    expect(results.filter((result) => result.ok)).toHaveLength(1);
    for (const result of results.filter((r) => !r.ok))
      expect(result).toMatchObject({
        ok: false,
        reason: "problems",
        lines: [{ problems: expect.arrayContaining([{ problem: "notSold", serial: a }]) }],
      });
    expect(await stock(product.id)).toMatchObject({ defective: 1 });
    const rows = await db.orm.em.fork().execute<{ returned: number; completed: number }[]>(
      `select (select count(*)::int from serial_event where kind = 'returned') as returned,
              (select count(*)::int from customer_return where status = 'completed') as completed`,
    );
    expect(rows[0]).toEqual({ returned: 1, completed: 1 });
  });
});
