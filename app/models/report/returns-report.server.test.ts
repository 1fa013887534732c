import { beforeEach, describe, expect, test } from "vitest";
import { SHOP_TIME_ZONE } from "~/i18n/shop-time-zone";
import { addDays } from "~/models/calendar-day";
import { todayIn } from "~/models/campaign/campaign-status";
import { createReturn, moveReturn } from "~/models/customer-return/customer-return.server";
import { type ReturnLineInput, returnSchema } from "~/models/customer-return/customer-return-schema";
import { createOrder, moveOrder } from "~/models/order/order.server";
import { orderSchema } from "~/models/order/order-schema";
import { productSchema } from "~/models/product/product-schema";
import { createProduct } from "~/models/product/product-writes.server";
import { createSupplier } from "~/models/supplier/supplier.server";
import { supplierSchema } from "~/models/supplier/supplier-schema";
import { testDatabase } from "../../../tests/setup/database";
import { ok, random } from "../../../tests/setup/serial-fixtures";
import type { ReturnsGrouping } from "./returns-report";
import { returnsReport } from "./returns-report.server";
import { returnsReportFile } from "./returns-report-file.server";
import { parseReturnsReportSearch } from "./returns-report-schema";

const db = testDatabase();

beforeEach(() =>
  db.truncate(
    "customer_return_unit",
    "customer_return_line",
    "customer_return",
    "sales_order_item",
    "sales_order",
    "document_number",
    "stock_movement",
    "alert",
    "price_history",
    "product",
    "supplier",
  ),
);

const today = todayIn(SHOP_TIME_ZONE);
/** The last 30 days; what is moved 200 days back falls outside. */
const period = { from: addDays(today, -29), to: today };
const longAgo = new Date(Date.now() - 200 * 86_400_000);

async function supplier(name: string) {
  const made = await db.inRequest(() =>
    createSupplier(supplierSchema.parse({ name: `${name} ${random()}` })),
  );
  if (!made.ok) throw new Error(made.reason);
  return made.supplier;
}

/** An untracked product with stock to sell. */
async function product(name: string, brand: string, supplierId: number) {
  const made = await db.inRequest(() =>
    createProduct(
      productSchema.parse({
        name,
        sku: `RET-${random()}`,
        brand,
        purchasePrice: "50.00",
        sellingPrice: "100.00",
        stockLevel: 50,
        supplierId,
      }),
      null,
    ),
  );
  if (!made.ok) throw new Error(made.reason);
  return made.product;
}

/** An order of the lines, confirmed and shipped now (untracked products: no serials). */
async function shipped(lines: { productId: number; quantity: number }[]) {
  const order = ok(
    await db.inRequest(() => createOrder(orderSchema.parse({ customerId: null, lines }), null)),
  ).order;
  ok(await db.inRequest(() => moveOrder(order.id, "confirmed", null)));
  return ok(await db.inRequest(() => moveOrder(order.id, "shipped", null, null, { serials: [] }))).order;
}

const lineOf = (order: Awaited<ReturnType<typeof shipped>>, productId: number) =>
  order.lines.find((line) => line.productId === productId)?.id as number;

/** A return drafted through the model's own path, then completed or cancelled. */
async function returned(orderId: number, lines: Partial<ReturnLineInput>[], to: "completed" | "cancelled") {
  const draft = ok(await db.inRequest(() => createReturn(returnSchema.parse({ orderId, lines }), null))).ret;
  return ok(await db.inRequest(() => moveReturn(draft.id, to, null, draft.version))).ret;
}

const report = (by: ReturnsGrouping, query = period) => db.inRequest(() => returnsReport({ ...query, by }));

describe("return figures (issue #31, item 7)", () => {
  test("returns completed in the period by product, brand, supplier and reason, each product's return rate over its units shipped; returns outside the period and cancelled ones do not count", async () => {
    const alpha = await supplier("Alpha");
    const beta = await supplier("Beta");
    const a = await product("Phone A", "Nokia", alpha.id);
    const b = await product("Phone B", "Samsung", beta.id);
    const c = await product("Phone C", " samsung", alpha.id);
    // Sold in the period: A 10, B 2, C 2. An order shipped 200 days ago does not count.
    const first = await shipped([
      { productId: a.id, quantity: 4 },
      { productId: b.id, quantity: 2 },
      { productId: c.id, quantity: 2 },
    ]);
    const second = await shipped([{ productId: a.id, quantity: 6 }]);
    const old = await shipped([{ productId: a.id, quantity: 5 }]);
    await db.orm.em.fork().execute("update sales_order set shipped_at = ? where id = ?", [longAgo, old.id]);

    await returned(
      first.id,
      [
        { orderLineId: lineOf(first, a.id), quantity: 1, reason: "defective", outcome: "defective_stock" },
        {
          orderLineId: lineOf(first, b.id),
          quantity: 1,
          reason: "change_of_mind",
          outcome: "refunded",
          refundAmount: "50.00",
        },
      ],
      "completed",
    );
    await returned(
      second.id,
      [
        {
          orderLineId: lineOf(second, a.id),
          quantity: 1,
          reason: "guarantee_claim",
          outcome: "back_to_stock",
        },
      ],
      "completed",
    );
    await returned(
      first.id,
      [
        {
          orderLineId: lineOf(first, c.id),
          quantity: 1,
          reason: "wrong_item",
          outcome: "refunded",
          refundAmount: "80.00",
        },
      ],
      "completed",
    );
    // Completed 200 days ago: outside the period.
    const before = await returned(
      first.id,
      [{ orderLineId: lineOf(first, c.id), quantity: 1, reason: "wrong_item", outcome: "back_to_stock" }],
      "completed",
    );
    await db.orm.em
      .fork()
      .execute("update customer_return set completed_at = ? where id = ?", [longAgo, before.id]);
    // Cancelled, and a draft: never returned.
    await returned(
      second.id,
      [{ orderLineId: lineOf(second, a.id), quantity: 2, reason: "defective", outcome: "back_to_stock" }],
      "cancelled",
    );
    ok(
      await db.inRequest(() =>
        createReturn(
          returnSchema.parse({
            orderId: second.id,
            lines: [
              { orderLineId: lineOf(second, a.id), quantity: 1, reason: "defective", outcome: "refunded" },
            ],
          }),
          null,
        ),
      ),
    );

    const total = {
      returns: 3,
      returnedUnits: 4,
      sharePercent: 100,
      refunded: "130.00",
      soldUnits: 14,
      returnRatePercent: 28.6,
    };
    const byProduct = await report("product");
    expect(byProduct).toMatchObject({ ...period, by: "product", total });
    // A: 2 of 10; B and C 1 of 2 each (the same units and rate: by name).
    expect(byProduct.rows).toEqual([
      {
        key: String(a.id),
        reason: null,
        productId: a.id,
        sku: a.sku,
        supplierId: null,
        name: "Phone A",
        returnedUnits: 2,
        sharePercent: 50,
        refunded: "0.00",
        soldUnits: 10,
        returnRatePercent: 20,
      },
      expect.objectContaining({ productId: b.id, returnedUnits: 1, sharePercent: 25, refunded: "50.00" }),
      expect.objectContaining({
        productId: c.id,
        sku: c.sku,
        returnedUnits: 1,
        refunded: "80.00",
        soldUnits: 2,
        returnRatePercent: 50,
      }),
    ]);

    // Samsung (B and " samsung" C: one brand) 2 of 4 before Nokia 2 of 10: the same units, the higher rate first.
    const byBrand = await report("brand");
    expect(byBrand.total).toEqual(total);
    expect(
      byBrand.rows.map((row) => [row.key, row.name, row.returnedUnits, row.soldUnits, row.returnRatePercent]),
    ).toEqual([
      ["samsung", expect.stringMatching(/^samsung$/i), 2, 4, 50],
      ["nokia", "Nokia", 2, 10, 20],
    ]);

    // Alpha (A and C) 3 of 12, Beta (B) 1 of 2.
    const bySupplier = await report("supplier");
    expect(
      bySupplier.rows.map((row) => [
        row.supplierId,
        row.name,
        row.returnedUnits,
        row.soldUnits,
        row.returnRatePercent,
        row.refunded,
      ]),
    ).toEqual([
      [alpha.id, alpha.name, 3, 12, 25, "80.00"],
      [beta.id, beta.name, 1, 2, 50, "50.00"],
    ]);

    // Reasons have no sales of their own: no rate; the total has the overall one.
    const byReason = await report("reason");
    expect(byReason.total).toEqual(total);
    expect(
      byReason.rows.map((row) => [
        row.reason,
        row.returnedUnits,
        row.sharePercent,
        row.refunded,
        row.soldUnits,
        row.returnRatePercent,
      ]),
    ).toEqual([
      ["change_of_mind", 1, 25, "50.00", null, null],
      ["defective", 1, 25, "0.00", null, null],
      ["guarantee_claim", 1, 25, "0.00", null, null],
      ["wrong_item", 1, 25, "80.00", null, null],
    ]);

    // The return of 200 days ago counts in a period that holds its day, with no sales in it.
    const then = todayIn(SHOP_TIME_ZONE, longAgo);
    expect(await report("product", { from: then, to: then })).toMatchObject({
      rows: [{ productId: c.id, returnedUnits: 1, soldUnits: 0, returnRatePercent: null }],
      total: { returns: 1, returnedUnits: 1, soldUnits: 5, returnRatePercent: 20 },
    });

    // The file: the same figures, in the standard CSV and in Excel (Finnish).
    const csv = returnsReportFile(byProduct, { format: "csv", language: "en" }).split("\n");
    expect(csv[0]).toBe("name,sku,returnedUnits,sharePercent,refunded,soldUnits,returnRatePercent");
    expect(csv[1]).toBe(`Phone A,${a.sku},2,50.0,0.00,10,20.0`);
    expect(csv[4]).toBe("Total,,4,100.0,130.00,14,28.6");
    const excel = returnsReportFile(byReason, { format: "excel", language: "fi" }).split("\r\n");
    expect(excel[0]).toBe(
      "\uFEFFPalautuksen syy;Palautetut kappaleet;Osuus palautuksista %;Hyvitetty (sis. ALV)",
    );
    expect(excel[1]).toBe("Asiakas muutti mielensä;1;25,0;50,00");
    expect(excel[5]).toBe("Yhteensä;4;100,0;130,00");
  });

  test("a period without returns or sales: no rows, zeros, no rate; the widest days the form takes are answered", async () => {
    expect(await report("supplier")).toEqual({
      ...period,
      by: "supplier",
      rows: [],
      total: {
        returns: 0,
        returnedUnits: 0,
        sharePercent: null,
        refunded: "0.00",
        soldUnits: 0,
        returnRatePercent: null,
      },
    });
    const widest = { from: "1900-01-01", to: "9999-12-31" };
    expect((await report("brand", widest)).total).toMatchObject({ returns: 0, soldUnits: 0 });
  });
});

describe("the report's query string", () => {
  const search = (query: string) => parseReturnsReportSearch(new URLSearchParams(query), "2026-11-23");

  test("empty fields take the defaults: the last 90 days, by product", () => {
    expect(search("from=&to=&by=")).toEqual({
      ok: true,
      query: { from: "2026-08-26", to: "2026-11-23", by: "product" },
      format: null,
    });
    expect(search("from=2026-12-01&by=reason&format=excel")).toEqual({
      ok: true,
      query: { from: "2026-12-01", to: "2026-12-01", by: "reason" },
      format: "excel",
    });
  });

  test("what is not a day, a grouping or a format is refused for its field; so is an end before the start", () => {
    expect(search("from=2026-02-30&by=category&format=pdf")).toEqual({
      ok: false,
      errors: {
        from: ["returns-report:errors.day"],
        by: ["returns-report:errors.by"],
        format: ["returns-report:errors.format"],
      },
    });
    expect(search("from=2026-11-10&to=2026-11-01")).toEqual({
      ok: false,
      errors: { to: ["returns-report:errors.order"] },
    });
  });
});
