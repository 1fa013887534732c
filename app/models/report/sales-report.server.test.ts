import { beforeEach, describe, expect, test } from "vitest";
import { createCategory } from "~/models/category/category.server";
import { categorySchema } from "~/models/category/category-schema";
import { createCustomer } from "~/models/customer/customer.server";
import { customerSchema } from "~/models/customer/customer-schema";
import { getDashboardStats } from "~/models/dashboard/dashboard.server";
import { createOrder, moveOrder } from "~/models/order/order.server";
import { orderSchema } from "~/models/order/order-schema";
import { productSchema } from "~/models/product/product-schema";
import { createProduct } from "~/models/product/product-writes.server";
import { changeStock } from "~/models/stock/stock-ledger.server";
import { testDatabase } from "../../../tests/setup/database";
import type { SalesReportQuery } from "./sales-report";
import { type SalesFigures, salesReport } from "./sales-report.server";
import { stockValueHistory, writeStockValueSnapshot } from "./stock-value.server";

const db = testDatabase();

beforeEach(() =>
  db.truncate(
    "sales_order_item",
    "sales_order",
    "document_number",
    "alert",
    "price_history",
    "product",
    "category",
    "customer",
    "automation_rule",
    "stock_value_snapshot",
  ),
);

function ok<T extends { ok: boolean }>(result: T): Extract<T, { ok: true }> {
  if (!result.ok) throw new Error(`refused: ${JSON.stringify(result)}`);
  return result as Extract<T, { ok: true }>;
}

async function category(name: string) {
  return ok(await db.inRequest(() => createCategory(categorySchema.parse({ name })))).category.id;
}

/** A product whose purchase price is without VAT, so the hand calculations stay in round euros. */
async function product(fields: Record<string, unknown>) {
  const made = await db.inRequest(() =>
    createProduct(
      productSchema.parse({
        name: `Product ${fields.sku}`,
        supplier: "Tech Data",
        vatInclusive: false,
        vatRate: "25.5",
        stockLevel: 100,
        ...fields,
      }),
      null,
    ),
  );
  if (!made.ok) throw new Error(made.reason);
  return made.product.id;
}

/** An order of `lines` dated `moment` (UTC), moved through `statuses`. */
async function order(
  moment: string,
  lines: { productId: number; quantity: number }[],
  statuses: string[],
  customerId: number | null = null,
) {
  const { order: made } = ok(
    await db.inRequest(() => createOrder(orderSchema.parse({ customerId, lines }), null)),
  );
  for (const status of statuses) ok(await db.inRequest(() => moveOrder(made.id, status, null)));
  await db.orm.em
    .fork()
    .execute("update sales_order set order_date = ? where id = ?", [new Date(moment), made.id]);
  return made.id;
}

const report = (query: Partial<SalesReportQuery>) =>
  db.inRequest(() =>
    salesReport({ from: "2026-10-28", to: "2026-11-03", group: "day", breakdown: "none", ...query }),
  );

const zero: SalesFigures = {
  sales: "0.00",
  cost: "0.00",
  margin: "0.00",
  marginPercent: null,
  units: 0,
  orders: 0,
};

/**
 * The shop: a laptop (net 1000.00, cost 800.00) in Laptops, headphones (net 100.00, cost 60.00)
 * in Audio, and a cable (net 20.00, cost 5.00) without a category, of the same brand as the
 * laptop written differently. Selling prices include 25.5 % VAT.
 */
async function shop() {
  const laptops = await category("Laptops");
  const audio = await category("Audio");
  const laptop = await product({
    sku: "LAP-1",
    brand: "Lenovo",
    categoryId: laptops,
    purchasePrice: "800.00",
    sellingPrice: "1255.00",
  });
  const headphones = await product({
    sku: "HP-1",
    brand: "Sony",
    categoryId: audio,
    purchasePrice: "60.00",
    sellingPrice: "125.50",
  });
  const cable = await product({
    sku: "CAB-1",
    brand: "lenovo",
    purchasePrice: "5.00",
    sellingPrice: "25.10",
  });
  const regular = ok(
    await db.inRequest(() =>
      createCustomer(
        customerSchema.parse({
          firstName: "Aino",
          lastName: "Virtanen",
          email: "aino@example.fi",
          discountPercentage: "10",
        }),
      ),
    ),
  ).customer.id;

  // 30.10. at 23:59 in Helsinki (UTC+2): a laptop and two headphones, confirmed.
  await order(
    "2026-10-30T21:59:00Z",
    [
      { productId: laptop, quantity: 1 },
      { productId: headphones, quantity: 2 },
    ],
    ["confirmed"],
  );
  // 1.11. at 00:30 in Helsinki, still 31.10. in UTC: a cable, shipped.
  await order("2026-10-31T22:30:00Z", [{ productId: cable, quantity: 1 }], ["confirmed", "shipped"]);
  // 2.11.: headphones for the customer with 10 % off (112.95 incl. VAT, 90.00 without), delivered.
  await order(
    "2026-11-02T10:00:00Z",
    [{ productId: headphones, quantity: 1 }],
    ["confirmed", "shipped", "delivered"],
    regular,
  );
  // Not sales: cancelled after confirmation, pending, and one before the range in the same week.
  await order("2026-11-01T10:00:00Z", [{ productId: laptop, quantity: 1 }], ["confirmed", "cancelled"]);
  await order("2026-11-01T11:00:00Z", [{ productId: laptop, quantity: 2 }], []);
  await order("2026-10-27T10:00:00Z", [{ productId: headphones, quantity: 5 }], ["confirmed"]);
  return { laptops, audio };
}

describe("the sales report", () => {
  test("by day: sums, margin and orders of confirmed, shipped and delivered orders by the shop's day, and every empty day as a zero row", async () => {
    await shop();
    const { periods, total } = await report({ group: "day" });
    expect(periods.map((p) => p.period)).toEqual([
      "2026-10-28",
      "2026-10-29",
      "2026-10-30",
      "2026-10-31",
      "2026-11-01",
      "2026-11-02",
      "2026-11-03",
    ]);
    const byDay = Object.fromEntries(periods.map(({ period, groups, ...figures }) => [period, figures]));
    expect(byDay["2026-10-28"]).toEqual(zero);
    expect(byDay["2026-10-29"]).toEqual(zero);
    expect(byDay["2026-10-31"]).toEqual(zero);
    expect(byDay["2026-11-03"]).toEqual(zero);
    // 1000.00 + 2 x 100.00 = 1200.00, cost 800.00 + 2 x 60.00 = 920.00: margin 280.00, 23.3 %.
    expect(byDay["2026-10-30"]).toEqual({
      sales: "1200.00",
      cost: "920.00",
      margin: "280.00",
      marginPercent: 23.3,
      units: 3,
      orders: 1,
    });
    expect(byDay["2026-11-01"]).toEqual({
      sales: "20.00",
      cost: "5.00",
      margin: "15.00",
      marginPercent: 75,
      units: 1,
      orders: 1,
    });
    // 10 % off 125.50 is 112.95, which holds 90.00 without VAT.
    expect(byDay["2026-11-02"]).toEqual({
      sales: "90.00",
      cost: "60.00",
      margin: "30.00",
      marginPercent: 33.3,
      units: 1,
      orders: 1,
    });
    // 325.00 / 1310.00 = 24.81 %
    expect(total).toEqual({
      sales: "1310.00",
      cost: "985.00",
      margin: "325.00",
      marginPercent: 24.8,
      units: 5,
      orders: 3,
    });
    expect(periods.every((p) => p.groups.length === 0)).toBe(true);
  });

  test("by ISO week and by month across the month's end: periods start on Monday and on the 1st", async () => {
    await shop();
    const weeks = await report({ group: "week" });
    // The week of Monday 26.10. counts only the range's days (27.10. is before it).
    expect(weeks.periods.map(({ groups, ...p }) => p)).toEqual([
      {
        period: "2026-10-26",
        sales: "1220.00",
        cost: "925.00",
        margin: "295.00",
        marginPercent: 24.2,
        units: 4,
        orders: 2,
      },
      {
        period: "2026-11-02",
        sales: "90.00",
        cost: "60.00",
        margin: "30.00",
        marginPercent: 33.3,
        units: 1,
        orders: 1,
      },
    ]);
    const months = await report({ group: "month" });
    expect(months.periods.map((p) => [p.period, p.sales, p.cost, p.units, p.orders])).toEqual([
      ["2026-10-01", "1200.00", "920.00", 3, 1],
      ["2026-11-01", "110.00", "65.00", 2, 2],
    ]);
    expect(months.total).toEqual(weeks.total);
  });

  test("by category: each period lists the categories that sold, largest first, and they add up to the period", async () => {
    const { laptops, audio } = await shop();
    const { periods, total } = await report({ group: "month", breakdown: "category" });
    expect(periods).toHaveLength(2);
    const [october, november] = periods;
    expect(october.groups).toEqual([
      {
        key: String(laptops),
        name: "Laptops",
        sales: "1000.00",
        cost: "800.00",
        margin: "200.00",
        marginPercent: 20,
        units: 1,
        orders: 1,
      },
      {
        key: String(audio),
        name: "Audio",
        sales: "200.00",
        cost: "120.00",
        margin: "80.00",
        marginPercent: 40,
        units: 2,
        orders: 1,
      },
    ]);
    // One order with lines in two categories is one order of the period.
    expect(october.orders).toBe(1);
    expect(november.groups.map((g) => [g.key, g.name, g.sales])).toEqual([
      [String(audio), "Audio", "90.00"],
      ["0", null, "20.00"],
    ]);
    expect(total.sales).toBe("1310.00");
  });

  test("by brand: one brand however its letter case is written; a day without sales is one zero row", async () => {
    await shop();
    const { periods } = await report({ group: "day", breakdown: "brand" });
    const day = (period: string) => periods.find((p) => p.period === period);
    expect(day("2026-10-30")?.groups.map((g) => [g.key, g.sales])).toEqual([
      ["lenovo", "1000.00"],
      ["sony", "200.00"],
    ]);
    expect(day("2026-11-01")?.groups.map((g) => [g.key, g.name?.toLowerCase(), g.sales])).toEqual([
      ["lenovo", "lenovo", "20.00"],
    ]);
    expect(day("2026-10-29")).toEqual({ period: "2026-10-29", ...zero, groups: [] });
  });

  test("an empty shop gives a zero row for every period and a zero total", async () => {
    const { periods, total } = await report({ from: "2026-11-01", to: "2026-11-30", group: "week" });
    expect(periods.map((p) => p.period)).toEqual([
      "2026-10-26",
      "2026-11-02",
      "2026-11-09",
      "2026-11-16",
      "2026-11-23",
      "2026-11-30",
    ]);
    expect(total).toEqual(zero);
  });
});

describe("the stock value snapshot", () => {
  test("is the kept totals of the day, units counted exactly past 1,000; a second write of the day replaces the first", async () => {
    await product({ sku: "A", brand: "B", purchasePrice: "10.00", sellingPrice: "25.10", stockLevel: 7 });
    const big = await product({
      sku: "C",
      brand: "B",
      purchasePrice: "1.00",
      sellingPrice: "2.51",
      stockLevel: 1500,
    });
    const first = await db.inRequest(() => writeStockValueSnapshot("2026-11-20"));
    const stats = await db.inRequest(() => getDashboardStats());
    // 7 x 25.10 + 1500 x 2.51 = 3940.70; at cost 7 x 10.00 + 1500 x 1.00 = 1570.00
    expect(first).toEqual({
      day: "2026-11-20",
      valueAtPrice: "3940.70",
      valueAtCost: "1570.00",
      units: 1507,
      products: 2,
    });
    expect(first.valueAtPrice).toBe(stats.inventoryValue);
    expect(first.valueAtCost).toBe(stats.inventoryValueAtCost);

    ok(
      await db.inRequest(() =>
        db.orm.em
          .fork()
          .transactional((tx) => changeStock(tx, [{ productId: big, delta: -500, reason: "sale" }])),
      ),
    );
    const second = await db.inRequest(() => writeStockValueSnapshot("2026-11-20"));
    expect(second).toMatchObject({ units: 1007, valueAtPrice: "2685.70", valueAtCost: "1070.00" });
    const history = await db.inRequest(() => stockValueHistory("2026-11-01", "2026-11-30", "2026-11-20"));
    expect(history).toEqual([second]);
  });

  test("the report's first look of the day writes today's row once; days outside the range are not shown", async () => {
    await product({ sku: "A", brand: "B", purchasePrice: "10.00", sellingPrice: "25.10", stockLevel: 2 });
    await db.inRequest(() => writeStockValueSnapshot("2026-11-01"));
    const seen = await db.inRequest(() => stockValueHistory("2026-11-01", "2026-11-23", "2026-11-23"));
    expect(seen.map((p) => [p.day, p.valueAtPrice, p.units])).toEqual([
      ["2026-11-01", "50.20", 2],
      ["2026-11-23", "50.20", 2],
    ]);
    // A later look finds today's row and writes nothing: the row keeps the moment it was taken.
    const taken = () =>
      db.orm.em
        .fork()
        .execute<{ taken_at: Date }[]>("select taken_at from stock_value_snapshot where day = '2026-11-23'");
    const before = (await taken())[0].taken_at;
    await product({ sku: "D", brand: "B", purchasePrice: "10.00", sellingPrice: "25.10", stockLevel: 1 });
    const again = await db.inRequest(() => stockValueHistory("2026-11-20", "2026-11-30", "2026-11-23"));
    expect(again).toEqual([
      { day: "2026-11-23", valueAtPrice: "50.20", valueAtCost: "20.00", units: 2, products: 1 },
    ]);
    expect((await taken())[0].taken_at).toEqual(before);
    expect(await db.inRequest(() => stockValueHistory("2026-10-01", "2026-10-31", "2026-11-23"))).toEqual([]);
  });
});
