import { beforeEach, describe, expect, test } from "vitest";
import { addCampaignProduct, createCampaign, shopToday } from "~/models/campaign/campaign.server";
import { campaignProductSchema, campaignSchema } from "~/models/campaign/campaign-schema";
import { createCustomer, getCustomer } from "~/models/customer/customer.server";
import { customerSchema } from "~/models/customer/customer-schema";
import { getDashboardStats } from "~/models/dashboard/dashboard.server";
import { getProduct } from "~/models/product/product-reads.server";
import { productSchema } from "~/models/product/product-schema";
import { createProduct } from "~/models/product/product-writes.server";
import { testDatabase } from "../../../tests/setup/database";
import { listDocuments } from "./document-read.server";
import { changeOrder, createOrder, createOrders, getOrder, moveOrder } from "./order.server";
import { orderSchema, quoteSchema } from "./order-schema";
import { changeQuote, convertQuote, createQuote, expireQuotes, moveQuote } from "./quote.server";

const db = testDatabase();

async function product(overrides: Record<string, unknown> = {}) {
  const made = await db.inRequest(() =>
    createProduct(
      productSchema.parse({
        name: "ThinkPad E14",
        sku: `SKU-${Math.random().toString(36).slice(2, 8)}`,
        brand: "Lenovo",
        purchasePrice: "800.00",
        sellingPrice: "1299.90",
        stockLevel: 12,
        supplier: "Tech Data",
        ...overrides,
      }),
      null,
    ),
  );
  if (!made.ok) throw new Error(made.reason);
  return made.product;
}

async function customer(overrides: Record<string, unknown> = {}) {
  const made = await db.inRequest(() =>
    createCustomer(
      customerSchema.parse({
        firstName: "Aino",
        lastName: "Virtanen",
        email: `${Math.random().toString(36).slice(2, 8)}@example.fi`,
        discountPercentage: "5",
        ...overrides,
      }),
    ),
  );
  if (!made.ok) throw new Error(made.reason);
  return made.customer;
}

function ok<T extends { ok: boolean }>(result: T): Extract<T, { ok: true }> {
  if (!result.ok) throw new Error(`refused: ${JSON.stringify(result)}`);
  return result as Extract<T, { ok: true }>;
}

beforeEach(() =>
  db.truncate(
    "below_cost_approval",
    "sales_order_item",
    "sales_order",
    "quote_item",
    "quote",
    "document_number",
    "campaign_product",
    "campaign",
    "alert",
    "price_history",
    "product",
    "customer",
    "automation_rule",
  ),
);

describe("quotes and orders", () => {
  test("a two-line quote for a customer with 5 % discount equals the hand calculation; accepted and converted, the order has the same lines and totals", async () => {
    const laptop = await product({ sellingPrice: "1299.90", vatRate: "25.5" });
    const cable = await product({
      name: "USB-C cable",
      purchasePrice: "12.00",
      sellingPrice: "24.90",
      vatRate: "13.5",
    });
    const buyer = await customer();
    const { quote } = ok(
      await db.inRequest(() =>
        createQuote(
          quoteSchema.parse({
            customerId: buyer.id,
            lines: [
              { productId: laptop.id, quantity: 2 },
              { productId: cable.id, quantity: 3 },
            ],
          }),
          null,
        ),
      ),
    );
    // 2 x 1299.90 = 2599.80 (25.5 %) and 3 x 24.90 = 74.70 (13.5 %): subtotal 2674.50.
    // Discount 5 % per rate: 129.99 and 3.735 -> 3.74, together 133.73; total 2540.77.
    // VAT: 2469.81 x 25.5 / 125.5 = 501.83 and 70.96 x 13.5 / 113.5 = 8.44, together 510.27.
    expect(quote).toMatchObject({
      status: "draft",
      subtotal: "2674.50",
      discountAmount: "133.73",
      totalAmount: "2540.77",
      taxAmount: "510.27",
      netAmount: "2030.50",
    });
    expect(quote.number).toMatch(/^Q-\d{4}-000001$/);
    expect(quote.vatBreakdown).toEqual([
      { rate: "25.50", net: "1967.98", vat: "501.83", gross: "2469.81" },
      { rate: "13.50", net: "62.52", vat: "8.44", gross: "70.96" },
    ]);
    expect(quote.validUntil > shopToday()).toBe(true);

    ok(await db.inRequest(() => moveQuote(quote.id, "sent")));
    ok(await db.inRequest(() => moveQuote(quote.id, "accepted")));
    const { order } = ok(await db.inRequest(() => convertQuote(quote.id, null)));
    expect(order).toMatchObject({
      status: "pending",
      quoteId: quote.id,
      subtotal: "2674.50",
      discountAmount: "133.73",
      totalAmount: "2540.77",
      taxAmount: "510.27",
    });
    expect(order.number).toMatch(/^SO-\d{4}-000001$/);
    expect(
      order.lines.map(({ productId, quantity, unitPrice }) => ({ productId, quantity, unitPrice })),
    ).toEqual(quote.lines.map(({ productId, quantity, unitPrice }) => ({ productId, quantity, unitPrice })));
    // Converted once only; a rejected quote is not converted at all.
    expect(await db.inRequest(() => convertQuote(quote.id, null))).toMatchObject({
      ok: false,
      reason: "illegalMove",
    });
    const other = ok(
      await db.inRequest(() =>
        createQuote(quoteSchema.parse({ lines: [{ productId: cable.id, quantity: 1 }] }), null),
      ),
    ).quote;
    ok(await db.inRequest(() => moveQuote(other.id, "sent")));
    ok(await db.inRequest(() => moveQuote(other.id, "rejected")));
    expect(await db.inRequest(() => convertQuote(other.id, null))).toEqual({
      ok: false,
      reason: "illegalMove",
      from: "rejected",
      to: "converted",
    });
  });

  test("confirming takes stock (12 -> 9), cancelling gives it back; the customer's totals and the inventory value follow", async () => {
    const laptop = await product({ stockLevel: 12 });
    const buyer = await customer({ discountPercentage: "0" });
    const valueBefore = (await db.inRequest(() => getDashboardStats())).inventoryValue;
    const { order } = ok(
      await db.inRequest(() =>
        createOrder(
          orderSchema.parse({ customerId: buyer.id, lines: [{ productId: laptop.id, quantity: 3 }] }),
          null,
        ),
      ),
    );
    expect(await db.inRequest(() => moveOrder(order.id, "shipped", null))).toEqual({
      ok: false,
      reason: "illegalMove",
      from: "pending",
      to: "shipped",
    });
    ok(await db.inRequest(() => moveOrder(order.id, "confirmed", null)));
    expect((await db.inRequest(() => getProduct(laptop.id)))?.stockLevel).toBe(9);
    expect(await db.inRequest(() => getCustomer(buyer.id))).toMatchObject({
      totalOrders: 1,
      totalSpent: "3899.70",
    });
    const valueAfter = (await db.inRequest(() => getDashboardStats())).inventoryValue;
    expect(Number(valueBefore) - Number(valueAfter)).toBeCloseTo(3 * 1299.9, 2);
    // Lines are fixed once confirmed.
    expect(await db.inRequest(() => changeOrder(order.id, orderSchema.parse({ lines: [] })))).toMatchObject({
      ok: false,
      reason: "locked",
    });

    ok(await db.inRequest(() => moveOrder(order.id, "cancelled", null)));
    expect((await db.inRequest(() => getProduct(laptop.id)))?.stockLevel).toBe(12);
    expect(await db.inRequest(() => getCustomer(buyer.id))).toMatchObject({
      totalOrders: 0,
      totalSpent: "0.00",
    });
    expect((await db.inRequest(() => getDashboardStats())).inventoryValue).toBe(valueBefore);
  });

  test("ten concurrent confirmations for the last 5 units: exactly the ones that fit succeed, stock never below 0", async () => {
    const laptop = await product({ stockLevel: 5 });
    const orders = [];
    for (let i = 0; i < 10; i++) {
      orders.push(
        ok(
          await db.inRequest(() =>
            createOrder(
              orderSchema.parse({ lines: [{ productId: laptop.id, quantity: 1 + (i % 2) }] }),
              null,
            ),
          ),
        ).order,
      );
    }
    const results = await Promise.all(
      orders.map((order) => db.inRequest(() => moveOrder(order.id, "confirmed", null))),
    );
    const confirmed = orders.filter((_, i) => results[i].ok);
    const taken = confirmed.reduce((sum, order) => sum + order.lines[0].quantity, 0);
    expect(taken).toBeLessThanOrEqual(5);
    expect((await db.inRequest(() => getProduct(laptop.id)))?.stockLevel).toBe(5 - taken);
    // Every refusal names the product, and nothing that fitted was refused.
    for (const [i, result] of results.entries()) {
      if (!result.ok) {
        expect(result).toMatchObject({ reason: "short", product: { id: laptop.id, sku: laptop.sku } });
        expect(orders[i].lines[0].quantity).toBeGreaterThan(5 - taken);
      }
    }
  });

  test("a line for a product in an active campaign gets the campaign price; a price given is kept", async () => {
    const laptop = await product({ sellingPrice: "1000.00" });
    const today = shopToday();
    const campaign = await db.inRequest(() =>
      createCampaign(
        campaignSchema.parse({ name: "Black Friday", startDate: today, endDate: today, isActive: true }),
        null,
      ),
    );
    ok(
      await db.inRequest(() =>
        addCampaignProduct(
          campaign.id,
          campaignProductSchema.parse({ productId: laptop.id, discountPercent: "15" }),
        ),
      ),
    );
    const { quote } = ok(
      await db.inRequest(() =>
        createQuote(
          quoteSchema.parse({
            lines: [
              { productId: laptop.id, quantity: 1 },
              { productId: laptop.id, quantity: 1, unitPrice: "990.00" },
            ],
          }),
          null,
        ),
      ),
    );
    expect(quote.lines.map((line) => line.unitPrice)).toEqual(["850.00", "990.00"]);
  });

  test("numbers are unique and in sequence under concurrent creation", async () => {
    const laptop = await product();
    const made = await Promise.all(
      Array.from({ length: 12 }, () =>
        db.inRequest(() =>
          createOrder(orderSchema.parse({ lines: [{ productId: laptop.id, quantity: 1 }] }), null),
        ),
      ),
    );
    const numbers = made.map((result) => ok(result).order.number).sort();
    expect(new Set(numbers).size).toBe(12);
    expect(numbers[11]).toMatch(/-000012$/);
  });

  test("an order over the customer's credit limit is refused; an approval rule holds a large order for an admin", async () => {
    const laptop = await product({ sellingPrice: "1000.00" });
    const buyer = await customer({ discountPercentage: "0", creditLimit: "1500.00" });
    ok(
      await db.inRequest(() =>
        createOrder(
          orderSchema.parse({ customerId: buyer.id, lines: [{ productId: laptop.id, quantity: 1 }] }),
          null,
        ),
      ),
    );
    expect(
      await db.inRequest(() =>
        createOrder(
          orderSchema.parse({ customerId: buyer.id, lines: [{ productId: laptop.id, quantity: 1 }] }),
          null,
        ),
      ),
    ).toEqual({ ok: false, reason: "creditLimit", creditLimit: "1500.00", open: "1000.00" });

    await db.orm.em
      .fork()
      .execute(
        `insert into automation_rule (name, type, is_active, conditions, actions) values ('Approval', 'custom', true, '{"orderTotalAbove": 5000}', '{"requireApprovalBy": "admin"}')`,
      );
    const big = ok(
      await db.inRequest(() =>
        createOrder(orderSchema.parse({ lines: [{ productId: laptop.id, quantity: 6 }] }), null),
      ),
    ).order;
    expect(big.status).toBe("awaiting_approval");
    expect(await db.inRequest(() => moveOrder(big.id, "confirmed", null))).toMatchObject({
      reason: "illegalMove",
    });
    expect(ok(await db.inRequest(() => moveOrder(big.id, "pending", null))).order.status).toBe("pending");
    const small = ok(
      await db.inRequest(() =>
        createOrder(orderSchema.parse({ lines: [{ productId: laptop.id, quantity: 1 }] }), null),
      ),
    ).order;
    expect(small.status).toBe("pending");
  });

  test("a quote and an order change the same way: re-priced lines and totals, refused when stale or no longer editable; an order also past the credit limit", async () => {
    const laptop = await product({ sellingPrice: "1000.00" });
    const cable = await product({ sellingPrice: "20.00", purchasePrice: "10.00" });
    const buyer = await customer({ discountPercentage: "10", creditLimit: "2000" });
    const quote = ok(
      await db.inRequest(() =>
        createQuote(quoteSchema.parse({ lines: [{ productId: laptop.id, quantity: 1 }] }), null),
      ),
    ).quote;
    const order = ok(
      await db.inRequest(() =>
        createOrder(orderSchema.parse({ lines: [{ productId: laptop.id, quantity: 1 }] }), null),
      ),
    ).order;
    const lines = [
      { productId: laptop.id, quantity: 1 },
      { productId: cable.id, quantity: 5 },
    ];
    const changedQuote = ok(
      await db.inRequest(() =>
        changeQuote(
          quote.id,
          quoteSchema.parse({
            customerId: buyer.id,
            lines,
            notes: "Two items",
            validUntil: "2099-12-31",
            version: quote.version,
          }),
        ),
      ),
    ).quote;
    const changedOrder = ok(
      await db.inRequest(() =>
        changeOrder(
          order.id,
          orderSchema.parse({ customerId: buyer.id, lines, notes: "Two items", version: order.version }),
        ),
      ),
    ).order;
    // 1000.00 + 5 x 20.00 = 1100.00, less the customer's 10 %: 990.00.
    for (const changed of [changedQuote, changedOrder]) {
      expect(changed).toMatchObject({
        customer: { id: buyer.id },
        notes: "Two items",
        discountPercent: "10.00",
        subtotal: "1100.00",
        totalAmount: "990.00",
      });
      expect(changed.lines.map((line) => [line.productId, line.quantity])).toEqual([
        [laptop.id, 1],
        [cable.id, 5],
      ]);
    }
    expect(changedQuote.validUntil).toBe("2099-12-31");
    expect(changedQuote.version).toBe(quote.version + 1);
    expect(changedOrder.version).toBe(order.version + 1);

    // Named versions the documents no longer have.
    expect(
      await db.inRequest(() => changeQuote(quote.id, quoteSchema.parse({ lines, version: quote.version }))),
    ).toEqual({ ok: false, reason: "stale" });
    expect(
      await db.inRequest(() => changeOrder(order.id, orderSchema.parse({ lines, version: order.version }))),
    ).toEqual({ ok: false, reason: "stale" });
    // 3 laptops, less 10 %: 2700.00 of a 2000.00 limit (this order's own total is not counted twice).
    expect(
      await db.inRequest(() =>
        changeOrder(
          order.id,
          orderSchema.parse({ customerId: buyer.id, lines: [{ productId: laptop.id, quantity: 3 }] }),
        ),
      ),
    ).toEqual({ ok: false, reason: "creditLimit", creditLimit: "2000.00", open: "0.00" });
    expect((await db.inRequest(() => getOrder(order.id)))?.totalAmount).toBe("990.00");

    ok(await db.inRequest(() => moveQuote(quote.id, "sent")));
    expect(await db.inRequest(() => changeQuote(quote.id, quoteSchema.parse({ lines })))).toEqual({
      ok: false,
      reason: "locked",
    });
  });

  test("draft and sent quotes past their last valid day expire", async () => {
    const laptop = await product();
    const lines = [{ productId: laptop.id, quantity: 1 }];
    const old = ok(
      await db.inRequest(() => createQuote(quoteSchema.parse({ lines, validUntil: "2026-01-01" }), null)),
    ).quote;
    const fresh = ok(await db.inRequest(() => createQuote(quoteSchema.parse({ lines }), null))).quote;
    expect(await db.inRequest(() => expireQuotes())).toBe(1);
    expect(await db.inRequest(() => moveQuote(old.id, "sent"))).toMatchObject({
      reason: "illegalMove",
      from: "expired",
    });
    ok(await db.inRequest(() => moveQuote(fresh.id, "sent")));
  });

  test("lists newest first with the total, filtered by status, customer and shop day", async () => {
    const laptop = await product();
    const buyer = await customer();
    const lines = [{ productId: laptop.id, quantity: 1 }];
    const first = ok(
      await db.inRequest(() => createOrder(orderSchema.parse({ customerId: buyer.id, lines }), null)),
    ).order;
    const second = ok(await db.inRequest(() => createOrder(orderSchema.parse({ lines }), null))).order;
    ok(await db.inRequest(() => moveOrder(second.id, "cancelled", null)));
    const all = await db.inRequest(() => listDocuments("order", { limit: 10, offset: 0 }));
    expect(all.total).toBe(2);
    expect(all.rows.map((row) => row.number)).toEqual([second.number, first.number]);
    expect(all.rows[1]).toMatchObject({
      customerId: buyer.id,
      customerName: "Aino Virtanen",
      paymentStatus: "pending",
    });
    const mine = await db.inRequest(() =>
      listDocuments("order", { customerId: buyer.id, limit: 10, offset: 0 }),
    );
    expect(mine.rows.map((row) => row.id)).toEqual([first.id]);
    const cancelled = await db.inRequest(() =>
      listDocuments("order", { status: "cancelled", limit: 10, offset: 0 }),
    );
    expect(cancelled.rows.map((row) => row.id)).toEqual([second.id]);
    // A search finds the number or the customer's name or e-mail; % and _ are plain characters.
    for (const text of [first.number.slice(-6), "aino virt", "@EXAMPLE.fi", " Virtanen "]) {
      const found = await db.inRequest(() => listDocuments("order", { search: text, limit: 10, offset: 0 }));
      expect(
        found.rows.map((row) => row.id),
        text,
      ).toEqual([first.id]);
    }
    for (const text of ["%", "_", "nobody"])
      expect(
        (await db.inRequest(() => listDocuments("order", { search: text, limit: 10, offset: 0 }))).total,
        text,
      ).toBe(0);
    const today = shopToday();
    expect(
      (await db.inRequest(() => listDocuments("order", { from: today, to: today, limit: 1, offset: 1 })))
        .rows,
    ).toHaveLength(1);
    expect(
      (
        await db.inRequest(() =>
          listDocuments("quote", { from: "2000-01-01", to: "2000-01-02", limit: 5, offset: 0 }),
        )
      ).total,
    ).toBe(0);
  });

  test("many orders at once: numbered in sequence, priced as one is; a batch past a credit limit is refused whole", async () => {
    const laptop = await product({ sellingPrice: "1000.00" });
    const buyer = await customer({ discountPercentage: "0", creditLimit: "2500.00" });
    const lines = [{ productId: laptop.id, quantity: 1, unitPrice: null }];
    const made = await db.inRequest(() =>
      db.orm.em.fork().transactional((tx) =>
        createOrders(
          tx,
          [
            { customerId: buyer.id, notes: null, lines },
            {
              customerId: null,
              notes: null,
              lines: [{ productId: laptop.id, quantity: 2, unitPrice: null }],
            },
            { customerId: buyer.id, notes: "third", lines },
          ],
          null,
          null,
        ),
      ),
    );
    const { orderIds } = ok(made);
    const orders = await Promise.all(orderIds.map((id) => db.inRequest(() => getOrder(id))));
    expect(orders.map((order) => order?.number.slice(-6))).toEqual(["000001", "000002", "000003"]);
    expect(orders.map((order) => order?.totalAmount)).toEqual(["1000.00", "2000.00", "1000.00"]);
    const over = await db.inRequest(() =>
      db.orm.em
        .fork()
        .transactional((tx) => createOrders(tx, [{ customerId: buyer.id, notes: null, lines }], null, null)),
    );
    expect(over).toEqual({ ok: false, reason: "creditLimit", creditLimit: "2500.00", open: "2000.00" });
  });
  test("a line under cost after the customer's discount needs a manager's reason; the quote's is carried to its order", async () => {
    const cable = await product({ sellingPrice: "20.00", purchasePrice: "19.00" });
    // A purchase price of 19.00 with VAT is 15.14 net: 15.00 is under it.
    const buyer = await customer({ discountPercentage: "0" });
    const lines = [{ productId: cable.id, quantity: 2, unitPrice: "15.00" }];
    const input = orderSchema.parse({ customerId: buyer.id, lines });
    const approvals = () =>
      db.orm.em
        .fork()
        .execute(
          "select subject, subject_id, product_id, reason, price::text from below_cost_approval order by id",
        );

    const refused = await db.inRequest(() => createOrder(input, null, null));
    expect(refused).toMatchObject({
      ok: false,
      reason: "belowCost",
      findings: [{ productId: cable.id, price: "15.00", cost: "15.14" }],
    });
    expect(await db.orm.em.fork().execute("select id from sales_order")).toEqual([]);
    expect(
      await db.inRequest(() =>
        createOrder(input, null, { reason: "Clearance", userId: 0, role: "salesperson" }),
      ),
    ).toMatchObject({ ok: false, reason: "belowCostForbidden" });

    const manager = { reason: "Clearance", userId: 0, role: "manager" as const };
    const order = ok(await db.inRequest(() => createOrder(input, null, manager))).order;
    const quote = ok(
      await db.inRequest(() =>
        createQuote(quoteSchema.parse({ customerId: buyer.id, lines }), null, manager),
      ),
    ).quote;
    for (const to of ["sent", "accepted"]) ok(await db.inRequest(() => moveQuote(quote.id, to)));
    const converted = ok(await db.inRequest(() => convertQuote(quote.id, null))).order;
    expect(await approvals()).toEqual([
      { subject: "order", subject_id: order.id, product_id: cable.id, reason: "Clearance", price: "15.00" },
      { subject: "quote", subject_id: quote.id, product_id: cable.id, reason: "Clearance", price: "15.00" },
      {
        subject: "order",
        subject_id: converted.id,
        product_id: cable.id,
        reason: "Clearance",
        price: "15.00",
      },
    ]);
    // Changed again, the confirmed line needs no new reason; a new price under cost does.
    ok(await db.inRequest(() => changeOrder(order.id, orderSchema.parse({ ...input, notes: "Again" }))));
    expect(
      await db.inRequest(() =>
        changeOrder(
          order.id,
          orderSchema.parse({ ...input, lines: [{ productId: cable.id, quantity: 2, unitPrice: "14.00" }] }),
        ),
      ),
    ).toMatchObject({ ok: false, reason: "belowCost" });
  });
});
