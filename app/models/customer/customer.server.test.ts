import { beforeEach, describe, expect, test } from "vitest";
import { createOrder, moveOrder, movePayment } from "~/models/order/order.server";
import { orderSchema } from "~/models/order/order-schema";
import { productSchema } from "~/models/product/product-schema";
import { createProduct } from "~/models/product/product-writes.server";
import { testDatabase } from "../../../tests/setup/database";
import {
  changeCustomerTotals,
  createCustomer,
  customerFigures,
  getCustomer,
  updateCustomer,
} from "./customer.server";
import { customerSchema } from "./customer-schema";

const db = testDatabase();

const input = (overrides: Record<string, unknown> = {}) =>
  customerSchema.parse({
    firstName: "Aino",
    lastName: "Virtanen",
    email: "aino@example.fi",
    customerType: "business",
    company: "Nordic Office Oy",
    creditLimit: "1 000,00",
    ...overrides,
  });

async function create(overrides: Record<string, unknown> = {}) {
  const result = await db.inRequest(() => createCustomer(input(overrides)));
  if (!result.ok) throw new Error(result.reason);
  return result.customer;
}

beforeEach(() =>
  db.truncate(
    "below_cost_approval",
    "sales_order_item",
    "sales_order",
    "document_number",
    "alert",
    "price_history",
    "product",
    "customer",
  ),
);

describe("the customer write path", () => {
  test("creates a customer; an individual keeps no company or VAT number", async () => {
    const business = await create();
    expect(business).toMatchObject({ company: "Nordic Office Oy", creditLimit: "1000.00", version: 1 });
    const individual = await create({ email: "b@example.fi", customerType: "individual", vatNumber: "FI1" });
    expect(individual).toMatchObject({ company: null, vatNumber: null });
  });

  test("an address another customer has, in any letter case, is refused on create and on change", async () => {
    const first = await create();
    const other = await create({ email: "other@example.fi" });
    expect(await db.inRequest(() => createCustomer(input({ email: "AINO@example.fi" })))).toEqual({
      ok: false,
      reason: "emailTaken",
    });
    expect(await db.inRequest(() => updateCustomer(other.id, input({ email: first.email })))).toEqual({
      ok: false,
      reason: "emailTaken",
    });
  });

  test("a stale version is refused and changes nothing; changes without one apply in turn", async () => {
    const customer = await create();
    const change = (overrides: Record<string, unknown>) =>
      db.inRequest(() => updateCustomer(customer.id, input(overrides)));
    expect((await change({ firstName: "First", version: customer.version })).ok).toBe(true);
    expect(await change({ firstName: "Second", version: customer.version })).toEqual({
      ok: false,
      reason: "stale",
    });
    const both = await Promise.all([change({ city: "Oulu" }), change({ city: "Turku" })]);
    expect(both.map((r) => r.ok)).toEqual([true, true]);
    const now = await db.inRequest(() => getCustomer(customer.id));
    expect(now).toMatchObject({ firstName: "Aino", version: customer.version + 3 });
    expect(await db.inRequest(() => updateCustomer(999_999, input()))).toEqual({
      ok: false,
      reason: "notFound",
    });
  });
});

describe("a customer's kept totals", () => {
  test("an order counted in and taken back changes the totals and the version; they never go below zero", async () => {
    const customer = await create();
    const follow = (total: string, sign: 1 | -1) =>
      db.orm.em.fork().transactional(async (tx) => {
        await changeCustomerTotals(tx, customer.id, total, sign);
      });
    await follow("120.50", 1);
    await follow("79.50", 1);
    expect(await db.inRequest(() => getCustomer(customer.id))).toMatchObject({
      totalOrders: 2,
      totalSpent: "200.00",
      version: customer.version + 2,
    });
    await follow("120.50", -1);
    await follow("500.00", -1);
    await follow("1.00", -1);
    expect(await db.inRequest(() => getCustomer(customer.id))).toMatchObject({
      totalOrders: 0,
      totalSpent: "0.00",
    });
    // No customer, or one deleted since: nothing to keep, and no error.
    await db.orm.em.fork().transactional((tx) => changeCustomerTotals(tx, null, "10.00", 1));
    await db.orm.em.fork().transactional((tx) => changeCustomerTotals(tx, 999_999, "10.00", 1));
  });
});

describe("a customer's figures", () => {
  async function product(fields: Record<string, unknown>) {
    const made = await db.inRequest(() =>
      createProduct(
        productSchema.parse({
          name: "Item",
          sku: `SKU-${Math.random().toString(36).slice(2, 8)}`,
          brand: "Brand",
          supplier: "Supplier",
          stockLevel: 50,
          // Purchase prices without VAT, as the lines keep them.
          vatInclusive: false,
          ...fields,
        }),
        null,
      ),
    );
    if (!made.ok) throw new Error(made.reason);
    return made.product;
  }

  async function order(customerId: number, lines: { productId: number; quantity: number }[]) {
    const made = await db.inRequest(() => createOrder(orderSchema.parse({ customerId, lines }), null));
    if (!made.ok) throw new Error(made.reason);
    return made.order;
  }

  const move = (id: number, to: string) => db.inRequest(() => moveOrder(id, to, null));

  test("the margin earned counts confirmed, shipped and delivered orders' lines, rounded to cents once", async () => {
    const customer = await create({ discountPercentage: "10", creditLimit: "0" });
    const laptop = await product({ sellingPrice: "124.00", purchasePrice: "20.00", vatRate: "25.5" });
    const book = await product({ sellingPrice: "49.90", purchasePrice: "30.00", vatRate: "14" });
    const confirmed = await order(customer.id, [
      { productId: laptop.id, quantity: 3 },
      { productId: book.id, quantity: 1 },
    ]);
    expect((await move(confirmed.id, "confirmed")).ok).toBe(true);
    const shipped = await order(customer.id, [{ productId: book.id, quantity: 2 }]);
    await move(shipped.id, "confirmed");
    await move(shipped.id, "shipped");
    expect((await db.inRequest(() => movePayment(shipped.id, "paid"))).ok).toBe(true);
    const pending = await order(customer.id, [{ productId: laptop.id, quantity: 1 }]);
    const cancelled = await order(customer.id, [{ productId: laptop.id, quantity: 5 }]);
    await move(cancelled.id, "confirmed");
    await move(cancelled.id, "cancelled");

    // Net without VAT after 10 % off: laptop 124.00 x 0.9 / 1.255 = 88.924302..., less 20.00, x 3
    // = 206.772908...; book 49.90 x 0.9 / 1.14 = 39.394736..., less 30.00 = 9.394736... each.
    // Confirmed 216.167645... and shipped 18.789473...: 234.957119 -> 234.96 (per line: 234.95).
    const figures = await db.inRequest(() => customerFigures(customer.id));
    expect(figures.marginEarned).toBe("234.96");
    // Unpaid and not cancelled: the confirmed order and the pending one.
    const open = (Number(confirmed.totalAmount) * 100 + Number(pending.totalAmount) * 100) / 100;
    expect(figures.openAmount).toBe(open.toFixed(2));
    expect(await db.inRequest(() => customerFigures(999_999))).toEqual({
      openAmount: "0.00",
      marginEarned: "0.00",
    });
  });

  test("a discount that sells an active product under its net cost needs a reason, recorded on the customer", async () => {
    // 8.0 % margin: 100.00 less 10 % is 90.00, under the 92.00 it costs (VAT included).
    await db.inRequest(() =>
      createProduct(
        productSchema.parse({
          name: "Thin margin",
          sku: "THIN-1",
          brand: "Acme",
          purchasePrice: "92.00",
          sellingPrice: "100.00",
          supplier: "Tech Data",
        }),
        null,
      ),
    );
    expect(await db.inRequest(() => createCustomer(input({ discountPercentage: "10" })))).toMatchObject({
      ok: false,
      reason: "belowCost",
      products: 1,
      findings: [{ productId: null, label: "Aino Virtanen", discountPercent: "10.00" }],
    });
    // Under the margin: no reason needed.
    const customer = await create({ discountPercentage: "7.99" });
    const manager = { reason: "Key account", userId: 0, role: "manager" as const };
    const raised = await db.inRequest(() =>
      updateCustomer(customer.id, input({ discountPercentage: "8.5", version: customer.version }), manager),
    );
    expect(raised.ok).toBe(true);
    expect(
      await db.orm.em
        .fork()
        .execute(
          "select subject, subject_id, reason, discount_percent::text as discount from below_cost_approval",
        ),
    ).toEqual([{ subject: "customer", subject_id: customer.id, reason: "Key account", discount: "8.50" }]);
    // Kept or lowered, the discount asks nothing again.
    const changed = await db.inRequest(() =>
      updateCustomer(
        customer.id,
        input({ discountPercentage: "8.5", notes: "x", version: customer.version + 1 }),
      ),
    );
    expect(changed.ok).toBe(true);
  });
});
