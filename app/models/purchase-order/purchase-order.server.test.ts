import { beforeEach, describe, expect, test } from "vitest";
import { shopToday } from "~/models/campaign/campaign.server";
import { getProduct } from "~/models/product/product-reads.server";
import { productSchema } from "~/models/product/product-schema";
import { createProduct, deleteProduct } from "~/models/product/product-writes.server";
import { createSupplier } from "~/models/supplier/supplier.server";
import { supplierSchema } from "~/models/supplier/supplier-schema";
import { testDatabase } from "../../../tests/setup/database";
import {
  changePurchaseOrder,
  createDraftsFromReorder,
  createPurchaseOrder,
  getPurchaseOrder,
  listPurchaseOrders,
  movePurchaseOrder,
  openPurchaseQuantities,
  receivePurchaseOrder,
} from "./purchase-order.server";
import { purchaseOrderSchema, receiveSchema } from "./purchase-order-schema";

const db = testDatabase();

const random = () => Math.random().toString(36).slice(2, 8);

async function supplier(overrides: Record<string, unknown> = {}) {
  const made = await db.inRequest(() =>
    createSupplier(supplierSchema.parse({ name: `Supplier ${random()}`, leadTimeDays: 5, ...overrides })),
  );
  if (!made.ok) throw new Error(made.reason);
  return made.supplier;
}

async function product(supplierId: number, overrides: Record<string, unknown> = {}) {
  const made = await db.inRequest(() =>
    createProduct(
      productSchema.parse({
        name: "Anker Nano 20W",
        sku: `ANK-${random()}`,
        brand: "Anker",
        // 25.10 with VAT is 20.00 without it (25.5 %); sold at 35.00 the margin is 28.3 %.
        purchasePrice: "25.10",
        sellingPrice: "35.00",
        stockLevel: 5,
        supplierId,
        ...overrides,
      }),
      null,
    ),
  );
  if (!made.ok) throw new Error(made.reason);
  return made.product;
}

async function sql<T>(query: string, params: unknown[] = []) {
  return db.orm.em.fork().execute<T[]>(query, params);
}

async function manager() {
  const [row] = await sql<{ id: number }>(
    `insert into "user" (email, password, first_name, last_name, role, language)
     values (?, 'x', 'Maija', 'Ostaja', 'manager', 'fi') returning id`,
    [`${random()}@example.fi`],
  );
  return row.id;
}

function ok<T extends { ok: boolean }>(result: T): Extract<T, { ok: true }> {
  if (!result.ok) throw new Error(`refused: ${JSON.stringify(result)}`);
  return result as Extract<T, { ok: true }>;
}

async function draft(
  supplierId: number,
  lines: { productId: number; quantity: number; unitCost?: string }[],
) {
  const input = purchaseOrderSchema.parse({ supplierId, lines });
  return ok(await db.inRequest(() => createPurchaseOrder({ ...input, supplierId }, null))).order;
}

async function sent(supplierId: number, lines: { productId: number; quantity: number; unitCost?: string }[]) {
  const order = await draft(supplierId, lines);
  return ok(await db.inRequest(() => movePurchaseOrder(order.id, "sent", null))).order;
}

function receipt(lines: { lineId: number; quantity: number; unitCost?: string }[], allowOverReceipt = false) {
  return receiveSchema.parse({ lines, allowOverReceipt });
}

beforeEach(() =>
  db.truncate(
    "purchase_order_line",
    "purchase_order",
    "document_number",
    "email_outbox",
    "stock_movement",
    "alert",
    "price_history",
    "product",
    "supplier",
  ),
);

describe("receiving", () => {
  test("receiving 8 of 10 leaves the order partially received and the stock 8 higher, with receipt movements naming it; the rest makes it received", async () => {
    const vendor = await supplier();
    const item = await product(vendor.id, { stockLevel: 5 });
    const userId = await manager();
    const order = await sent(vendor.id, [{ productId: item.id, quantity: 10 }]);
    expect(order.number).toMatch(/^PO-\d{4}-000001$/);
    expect(order.lines[0]).toMatchObject({ quantityOrdered: 10, quantityReceived: 0, unitCost: "20.00" });

    const first = ok(
      await db.inRequest(() =>
        receivePurchaseOrder(order.id, receipt([{ lineId: order.lines[0].id, quantity: 8 }]), userId),
      ),
    ).order;
    expect(first.status).toBe("partially_received");
    expect(first.lines[0].quantityReceived).toBe(8);
    expect((await db.inRequest(() => getProduct(item.id)))?.stockLevel).toBe(13);
    const movements = await sql<{ quantity: number; reason: string; reference: string; user_id: number }>(
      "select quantity, reason, reference, user_id from stock_movement where product_id = ? and reason = 'receipt'",
      [item.id],
    );
    expect(movements).toEqual([{ quantity: 8, reason: "receipt", reference: order.number, user_id: userId }]);
    expect(await db.inRequest(() => openPurchaseQuantities(db.orm.em.fork(), [item.id]))).toEqual(
      new Map([[item.id, 2]]),
    );

    const rest = ok(
      await db.inRequest(() =>
        receivePurchaseOrder(order.id, receipt([{ lineId: order.lines[0].id, quantity: 2 }]), userId),
      ),
    ).order;
    expect(rest.status).toBe("received");
    expect(rest.receivedAt).not.toBeNull();
    expect(rest.closedAt).toBeNull();
    expect((await db.inRequest(() => getProduct(item.id)))?.stockLevel).toBe(15);
    const [sum] = await sql<{ stock: number; ledger: number }>(
      `select p.stock_level as stock, (select sum(quantity)::int from stock_movement where product_id = p.id) as ledger
       from product p where p.id = ?`,
      [item.id],
    );
    expect(sum).toEqual({ stock: 15, ledger: 15 });
  });

  test("receiving at a new cost adds a price history row, and under 10 % margin a low_margin alert; the same cost adds none", async () => {
    const vendor = await supplier();
    const item = await product(vendor.id);
    const other = await product(vendor.id, { name: "Kept price" });
    const order = await sent(vendor.id, [
      { productId: item.id, quantity: 4 },
      { productId: other.id, quantity: 4 },
    ]);
    const history = async (productId: number) =>
      sql<{ purchase_price: string; margin: string }>(
        "select purchase_price::text, margin::text from price_history where product_id = ? order by id",
        [productId],
      );
    expect(await history(item.id)).toHaveLength(1);

    // 29.00 without VAT is 36.40 with 25.5 % VAT: sold at 35.00, the margin is -4.0 %.
    const received = ok(
      await db.inRequest(() =>
        receivePurchaseOrder(
          order.id,
          receipt([
            { lineId: order.lines[0].id, quantity: 4, unitCost: "29,00" },
            { lineId: order.lines[1].id, quantity: 4, unitCost: "20.00" },
          ]),
          null,
        ),
      ),
    ).order;
    expect(received.status).toBe("received");
    expect(received.lines[0]).toMatchObject({ unitCost: "29.00", lineTotal: "116.00" });
    expect(received.subtotal).toBe("196.00");
    const changed = await db.inRequest(() => getProduct(item.id));
    expect(changed).toMatchObject({ purchasePrice: "36.40", stockLevel: 9, marginCategory: "low" });
    expect(await history(item.id)).toEqual([
      { purchase_price: "25.10", margin: "28.30" },
      { purchase_price: "36.40", margin: "-4.00" },
    ]);
    const alerts = await sql<{ type: string; product_id: number }>(
      "select type, product_id from alert where type = 'low_margin'",
    );
    expect(alerts).toEqual([{ type: "low_margin", product_id: item.id }]);
    // The other line came in at the price it had: no history row, no change.
    expect(await history(other.id)).toHaveLength(1);
    expect((await db.inRequest(() => getProduct(other.id)))?.purchasePrice).toBe("25.10");
  });

  test("a product that keeps its purchase price without VAT takes the cost as it is", async () => {
    const vendor = await supplier();
    const item = await product(vendor.id, { purchasePrice: "20.00", vatInclusive: false });
    const order = await sent(vendor.id, [{ productId: item.id, quantity: 1 }]);
    expect(order.lines[0].unitCost).toBe("20.00");
    ok(
      await db.inRequest(() =>
        receivePurchaseOrder(
          order.id,
          receipt([{ lineId: order.lines[0].id, quantity: 1, unitCost: "21.50" }]),
          null,
        ),
      ),
    );
    expect((await db.inRequest(() => getProduct(item.id)))?.purchasePrice).toBe("21.50");
  });

  test("two concurrent receipts of the last 2 units do not receive more than ordered", async () => {
    const vendor = await supplier();
    const item = await product(vendor.id, { stockLevel: 0 });
    const order = await sent(vendor.id, [{ productId: item.id, quantity: 10 }]);
    const lineId = order.lines[0].id;
    ok(await db.inRequest(() => receivePurchaseOrder(order.id, receipt([{ lineId, quantity: 8 }]), null)));
    const results = await Promise.all(
      [1, 2, 3].map(() =>
        db.inRequest(() => receivePurchaseOrder(order.id, receipt([{ lineId, quantity: 2 }]), null)),
      ),
    );
    expect(results.filter((result) => result.ok)).toHaveLength(1);
    for (const refused of results.filter((result) => !result.ok))
      expect(refused).toMatchObject({ ok: false, reason: "notReceivable", status: "received" });
    const after = await db.inRequest(() => getPurchaseOrder(order.id));
    expect(after).toMatchObject({ status: "received" });
    expect(after?.lines[0].quantityReceived).toBe(10);
    expect((await db.inRequest(() => getProduct(item.id)))?.stockLevel).toBe(10);
  });

  test("more than ordered is refused unless confirmed; nothing to receive and a foreign line are refused", async () => {
    const vendor = await supplier();
    const item = await product(vendor.id, { stockLevel: 0 });
    const order = await sent(vendor.id, [{ productId: item.id, quantity: 3 }]);
    const lineId = order.lines[0].id;
    expect(
      await db.inRequest(() => receivePurchaseOrder(order.id, receipt([{ lineId, quantity: 4 }]), null)),
    ).toMatchObject({
      ok: false,
      reason: "overReceipt",
      lines: [{ lineId, ordered: 3, received: 0, receiving: 4 }],
    });
    expect(
      await db.inRequest(() => receivePurchaseOrder(order.id, receipt([{ lineId, quantity: 0 }]), null)),
    ).toMatchObject({ ok: false, reason: "nothingReceived" });
    expect(
      await db.inRequest(() =>
        receivePurchaseOrder(order.id, receipt([{ lineId: lineId + 99, quantity: 1 }]), null),
      ),
    ).toMatchObject({ ok: false, reason: "lineNotFound" });
    expect((await db.inRequest(() => getProduct(item.id)))?.stockLevel).toBe(0);
    const over = ok(
      await db.inRequest(() =>
        receivePurchaseOrder(order.id, receipt([{ lineId, quantity: 4 }], true), null),
      ),
    ).order;
    expect(over.status).toBe("received");
    expect(over.lines[0].quantityReceived).toBe(4);
    expect((await db.inRequest(() => getProduct(item.id)))?.stockLevel).toBe(4);
  });
});

describe("amounts that do not fit", () => {
  test("an order or a receipt whose amounts pass 99 999 999,99 € is refused and nothing moves", async () => {
    const vendor = await supplier();
    const item = await product(vendor.id, { stockLevel: 0 });
    const input = purchaseOrderSchema.parse({
      supplierId: vendor.id,
      lines: [{ productId: item.id, quantity: 100_000, unitCost: "99999999.99" }],
    });
    expect(await db.inRequest(() => createPurchaseOrder({ ...input, supplierId: vendor.id }, null))).toEqual({
      ok: false,
      reason: "tooLarge",
    });
    const order = await sent(vendor.id, [{ productId: item.id, quantity: 1 }]);
    // 90 000 000.00 without VAT is 112 950 000.00 with it: more than a price column holds.
    expect(
      await db.inRequest(() =>
        receivePurchaseOrder(
          order.id,
          receipt([{ lineId: order.lines[0].id, quantity: 1, unitCost: "90000000.00" }]),
          null,
        ),
      ),
    ).toEqual({ ok: false, reason: "tooLarge" });
    expect(await db.inRequest(() => getProduct(item.id))).toMatchObject({
      stockLevel: 0,
      purchasePrice: "25.10",
    });
    expect((await db.inRequest(() => getPurchaseOrder(order.id)))?.status).toBe("sent");
  });
});

describe("moves", () => {
  test("illegal moves are refused: a draft is not received, a partly received order not cancelled, a sent one not edited or sent again", async () => {
    const vendor = await supplier();
    const item = await product(vendor.id);
    const order = await draft(vendor.id, [{ productId: item.id, quantity: 10 }]);
    const lineId = order.lines[0].id;
    expect(
      await db.inRequest(() => receivePurchaseOrder(order.id, receipt([{ lineId, quantity: 1 }]), null)),
    ).toMatchObject({ ok: false, reason: "notReceivable", status: "draft" });
    expect(await db.inRequest(() => movePurchaseOrder(order.id, "received", null))).toMatchObject({
      ok: false,
      reason: "illegalMove",
      from: "draft",
      to: "received",
    });
    ok(await db.inRequest(() => movePurchaseOrder(order.id, "sent", null)));
    expect(await db.inRequest(() => movePurchaseOrder(order.id, "sent", null))).toMatchObject({
      ok: false,
      reason: "illegalMove",
      from: "sent",
    });
    const input = purchaseOrderSchema.parse({
      supplierId: vendor.id,
      lines: [{ productId: item.id, quantity: 1 }],
    });
    expect(
      await db.inRequest(() => changePurchaseOrder(order.id, { ...input, supplierId: vendor.id })),
    ).toMatchObject({ ok: false, reason: "locked" });
    ok(await db.inRequest(() => receivePurchaseOrder(order.id, receipt([{ lineId, quantity: 8 }]), null)));
    expect(await db.inRequest(() => movePurchaseOrder(order.id, "cancelled", null))).toMatchObject({
      ok: false,
      reason: "illegalMove",
      from: "partially_received",
      to: "cancelled",
    });
    // Closing: the rest will not come; it no longer counts as on order.
    const closed = ok(await db.inRequest(() => movePurchaseOrder(order.id, "received", null))).order;
    expect(closed).toMatchObject({ status: "received" });
    expect(closed.closedAt).not.toBeNull();
    expect(await db.inRequest(() => openPurchaseQuantities(db.orm.em.fork(), [item.id]))).toEqual(
      new Map([[item.id, 0]]),
    );
    expect(
      await db.inRequest(() => receivePurchaseOrder(order.id, receipt([{ lineId, quantity: 2 }]), null)),
    ).toMatchObject({ ok: false, reason: "notReceivable", status: "received" });
  });

  test("an open order's expected day and note change, its lines and supplier do not; a closed one changes nothing", async () => {
    const vendor = await supplier();
    const other = await supplier();
    const item = await product(vendor.id);
    const order = await sent(vendor.id, [{ productId: item.id, quantity: 10, unitCost: "20.00" }]);
    const change = (fields: Record<string, unknown>, version: number | null = null) => {
      const input = purchaseOrderSchema.parse({
        supplierId: vendor.id,
        expectedDate: order.expectedDate,
        note: order.note,
        lines: [{ productId: item.id, quantity: 10, unitCost: "20.00" }],
        version,
        ...fields,
      });
      return db.inRequest(() =>
        changePurchaseOrder(order.id, { ...input, supplierId: input.supplierId as number }),
      );
    };
    const moved = ok(await change({ expectedDate: "2031-02-03", note: "Supplier: week 6" }, order.version));
    expect(moved.order).toMatchObject({
      status: "sent",
      expectedDate: "2031-02-03",
      note: "Supplier: week 6",
    });
    expect(moved.order.lines).toMatchObject([{ productId: item.id, quantityOrdered: 10, unitCost: "20.00" }]);
    // The version read before the change is stale now.
    expect(await change({ note: "again" }, order.version)).toMatchObject({ ok: false, reason: "stale" });
    // Another quantity, cost, product or supplier is no reschedule.
    for (const fields of [
      { lines: [{ productId: item.id, quantity: 11, unitCost: "20.00" }] },
      { lines: [{ productId: item.id, quantity: 10, unitCost: "19.00" }] },
      { lines: [] },
      { supplierId: other.id },
    ]) {
      expect(await change(fields)).toMatchObject({ ok: false, reason: "locked" });
    }
    // Partly received: the received units stay on their line.
    const lineId = moved.order.lines[0].id;
    ok(await db.inRequest(() => receivePurchaseOrder(order.id, receipt([{ lineId, quantity: 4 }]), null)));
    const later = ok(await change({ expectedDate: "2031-03-01" })).order;
    expect(later).toMatchObject({ status: "partially_received", expectedDate: "2031-03-01" });
    expect(later.lines).toMatchObject([{ id: lineId, quantityReceived: 4 }]);
    // Closed (received): nothing changes any more.
    ok(await db.inRequest(() => movePurchaseOrder(order.id, "received", null)));
    expect(await change({ expectedDate: "2031-04-01" })).toMatchObject({ ok: false, reason: "locked" });
    expect((await db.inRequest(() => getPurchaseOrder(order.id)))?.expectedDate).toBe("2031-03-01");
  });

  test("a draft without lines is not sent; a draft and a sent order are cancelled", async () => {
    const vendor = await supplier();
    const item = await product(vendor.id);
    const empty = await draft(vendor.id, []);
    expect(await db.inRequest(() => movePurchaseOrder(empty.id, "sent", null))).toMatchObject({
      ok: false,
      reason: "noLines",
    });
    expect(ok(await db.inRequest(() => movePurchaseOrder(empty.id, "cancelled", null))).order.status).toBe(
      "cancelled",
    );
    const order = await sent(vendor.id, [{ productId: item.id, quantity: 2 }]);
    const cancelled = ok(await db.inRequest(() => movePurchaseOrder(order.id, "cancelled", null))).order;
    expect(cancelled.status).toBe("cancelled");
    expect(cancelled.cancelledAt).not.toBeNull();
  });

  test("sending e-mails the supplier through the outbox with the printed order attached; without an address it is marked sent", async () => {
    const vendor = await supplier({ name: "Tukku <Oy> & Co", email: "myynti@tukku.example" });
    const item = await product(vendor.id, { name: 'Laturi "Pro" <b>' });
    const userId = await manager();
    const order = await draft(vendor.id, [{ productId: item.id, quantity: 3 }]);
    const moved = ok(await db.inRequest(() => movePurchaseOrder(order.id, "sent", userId))).order;
    expect(moved).toMatchObject({ status: "sent", sentTo: "myynti@tukku.example", emailStatus: "pending" });
    const [mail] = await sql<{
      to_address: string;
      subject: string;
      body: string;
      attachments: { filename: string; contentType: string; content: string }[];
    }>("select to_address, subject, body, attachments from email_outbox");
    expect(mail.to_address).toBe("myynti@tukku.example");
    // In the sender's language (Finnish), with the lines and totals in the body.
    expect(mail.subject).toContain(`Ostotilaus ${order.number}`);
    expect(mail.body).toContain(`ostotilauksemme ${order.number}`);
    expect(mail.body).toMatch(/Yhteensä alv 0 %: 60,00\s€/);
    expect(mail.attachments).toHaveLength(1);
    expect(mail.attachments[0]).toMatchObject({
      filename: `${order.number}.html`,
      contentType: "text/html; charset=utf-8",
    });
    expect(mail.attachments[0].content).toContain(order.number);
    expect(mail.attachments[0].content).toContain("Laturi &quot;Pro&quot; &lt;b&gt;");
    expect(mail.attachments[0].content).toContain("Tukku &lt;Oy&gt; &amp; Co");
    expect(mail.attachments[0].content).not.toContain("<b>");

    const silent = await supplier();
    const other = await draft(silent.id, [{ productId: (await product(silent.id)).id, quantity: 1 }]);
    const marked = ok(await db.inRequest(() => movePurchaseOrder(other.id, "sent", userId))).order;
    expect(marked).toMatchObject({ status: "sent", sentTo: null, emailStatus: null });
    expect(await sql("select id from email_outbox")).toHaveLength(1);
  });
});

describe("drafts, quantities on order and the list", () => {
  test("drafts from reorder lines are one per supplier, at the products' purchase prices without VAT, expected after each lead time", async () => {
    const tukku = await supplier({ name: "Tukku", leadTimeDays: 3 });
    const agentti = await supplier({ name: "Agentti", leadTimeDays: 10 });
    const a = await product(tukku.id);
    const b = await product(tukku.id, { purchasePrice: "12.00", vatInclusive: false });
    const c = await product(agentti.id);
    const userId = await manager();
    const result = await db.orm.em.fork().transactional((tx) =>
      createDraftsFromReorder(
        tx,
        [
          { productId: a.id, quantity: 5 },
          { productId: c.id, quantity: 2 },
          { productId: b.id, quantity: 7 },
          { productId: a.id, quantity: 1 },
        ],
        userId,
      ),
    );
    const { orders } = ok(result);
    expect(orders.map((order) => [order.supplierName, order.lines])).toEqual([
      ["Agentti", 1],
      ["Tukku", 2],
    ]);
    const [agentOrder, tukkuOrder] = await Promise.all(
      orders.map((order) => db.inRequest(() => getPurchaseOrder(order.id))),
    );
    const today = shopToday();
    const plus = (days: number) => {
      const date = new Date(`${today}T00:00:00Z`);
      date.setUTCDate(date.getUTCDate() + days);
      return date.toISOString().slice(0, 10);
    };
    expect(agentOrder).toMatchObject({ status: "draft", expectedDate: plus(10), createdBy: "Maija Ostaja" });
    expect(tukkuOrder).toMatchObject({ status: "draft", expectedDate: plus(3), subtotal: "204.00" });
    expect(tukkuOrder?.lines.map((line) => [line.productId, line.quantityOrdered, line.unitCost])).toEqual([
      [a.id, 6, "20.00"],
      [b.id, 7, "12.00"],
    ]);
    // Nothing is written when a product does not exist.
    const refused = await db.orm.em.fork().transactional((tx) =>
      createDraftsFromReorder(
        tx,
        [
          { productId: a.id, quantity: 1 },
          { productId: 999999, quantity: 1 },
        ],
        null,
      ),
    );
    expect(refused).toEqual({ ok: false, reason: "productNotFound", productId: 999999 });
    expect(await sql("select id from purchase_order")).toHaveLength(2);
  });

  test("quantities on order count sent and partly received orders' units not yet received, nothing else", async () => {
    const vendor = await supplier();
    const [a, b, c] = [await product(vendor.id), await product(vendor.id), await product(vendor.id)];
    await draft(vendor.id, [{ productId: a.id, quantity: 50 }]);
    await sent(vendor.id, [
      { productId: a.id, quantity: 10 },
      { productId: b.id, quantity: 4 },
    ]);
    const partly = await sent(vendor.id, [{ productId: a.id, quantity: 6 }]);
    ok(
      await db.inRequest(() =>
        receivePurchaseOrder(partly.id, receipt([{ lineId: partly.lines[0].id, quantity: 5 }]), null),
      ),
    );
    const over = await sent(vendor.id, [{ productId: b.id, quantity: 1 }]);
    ok(
      await db.inRequest(() =>
        receivePurchaseOrder(over.id, receipt([{ lineId: over.lines[0].id, quantity: 3 }], true), null),
      ),
    );
    const cancelled = await sent(vendor.id, [{ productId: c.id, quantity: 9 }]);
    ok(await db.inRequest(() => movePurchaseOrder(cancelled.id, "cancelled", null)));
    const open = await openPurchaseQuantities(db.orm.em.fork(), [a.id, b.id, c.id]);
    expect(open).toEqual(
      new Map([
        [a.id, 11],
        [b.id, 4],
        [c.id, 0],
      ]),
    );
  });

  test("numbers follow each other under concurrent creation; the list filters by status, supplier and text; a product on an order is not deleted", async () => {
    const vendor = await supplier({ name: "Kauppa Oy" });
    const other = await supplier({ name: "Muu" });
    const item = await product(vendor.id);
    const made = await Promise.all(
      Array.from({ length: 6 }, () => draft(vendor.id, [{ productId: item.id, quantity: 1 }])),
    );
    expect(made.map((order) => order.number).sort()).toEqual(
      Array.from({ length: 6 }, (_, i) => `PO-${shopToday().slice(0, 4)}-${String(i + 1).padStart(6, "0")}`),
    );
    await draft(other.id, []);
    ok(await db.inRequest(() => movePurchaseOrder(made[0].id, "sent", null)));
    const all = await db.inRequest(() => listPurchaseOrders({ limit: 5, offset: 0 }));
    expect(all.total).toBe(7);
    expect(all.rows).toHaveLength(5);
    expect(
      (await db.inRequest(() => listPurchaseOrders({ status: "sent", limit: 50, offset: 0 }))).rows,
    ).toEqual([
      expect.objectContaining({
        id: made[0].id,
        supplierName: "Kauppa Oy",
        status: "sent",
        subtotal: "20.00",
      }),
    ]);
    expect(
      (await db.inRequest(() => listPurchaseOrders({ supplierId: other.id, limit: 50, offset: 0 }))).total,
    ).toBe(1);
    expect(
      (await db.inRequest(() => listPurchaseOrders({ search: "kauppa", limit: 50, offset: 0 }))).total,
    ).toBe(6);
    expect(
      (
        await db.inRequest(() => listPurchaseOrders({ search: made[2].number, limit: 50, offset: 0 }))
      ).rows.map((row) => row.id),
    ).toEqual([made[2].id]);
    expect(await db.inRequest(() => deleteProduct(item.id))).toEqual({ ok: false, reason: "inUse" });
  });
});
