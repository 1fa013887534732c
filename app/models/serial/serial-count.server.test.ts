import { beforeEach, describe, expect, test } from "vitest";
import { createOrder } from "~/models/order/order.server";
import { orderSchema } from "~/models/order/order-schema";
import { productSchema } from "~/models/product/product-schema";
import { createProduct } from "~/models/product/product-writes.server";
import {
  createPurchaseOrder,
  movePurchaseOrder,
  receivePurchaseOrder,
} from "~/models/purchase-order/purchase-order.server";
import { purchaseOrderSchema, receiveSchema } from "~/models/purchase-order/purchase-order-schema";
import {
  commitStockCount,
  countLine,
  countProblems,
  createStockCount,
  getStockCount,
  type LineInput,
  listCountLines,
  type StockCountRow,
} from "~/models/stock-count/stock-count.server";
import { newCountSchema } from "~/models/stock-count/stock-count-schema";
import { createSupplier } from "~/models/supplier/supplier.server";
import { supplierSchema } from "~/models/supplier/supplier-schema";
import { testDatabase } from "../../../tests/setup/database";
import { luhnCheckDigit } from "./imei";
import { findSerialUnits, getSerialUnit } from "./serial.server";
import { parseSerialList } from "./serial-list";

const db = testDatabase();
const random = () => Math.random().toString(36).slice(2, 8);

/** A valid IMEI from 14 digits. */
const imei = (first14: string) => `${first14}${luhnCheckDigit(first14)}`;

function ok<T extends { ok: boolean }>(result: T): Extract<T, { ok: true }> {
  if (!result.ok) throw new Error(`refused: ${JSON.stringify(result)}`);
  return result as Extract<T, { ok: true }>;
}

async function sql<T>(query: string, params: unknown[] = []) {
  return db.orm.em.fork().execute<T[]>(query, params);
}

async function user() {
  const [row] = await sql<{ id: number }>(
    `insert into "user" (email, password, first_name, last_name, role, language)
       values (?, 'x', 'Laura', 'Laskija', 'manager', 'fi') returning id`,
    [`${random()}@example.fi`],
  );
  return row.id;
}

/** An IMEI-tracked phone with these units in stock, received on a purchase order. */
async function phoneInStock(serials: string[]) {
  const supplier = await db.inRequest(() =>
    createSupplier(supplierSchema.parse({ name: `Supplier ${random()}` })),
  );
  if (!supplier.ok) throw new Error(supplier.reason);
  const made = await db.inRequest(() =>
    createProduct(
      productSchema.parse({
        name: "Phone X 128 GB",
        sku: `PHX-${random()}`,
        brand: "Nokia",
        purchasePrice: "300.00",
        sellingPrice: "499.00",
        stockLevel: 0,
        supplierId: supplier.supplier.id,
        tracking: "imei",
        guaranteeMonths: 24,
      }),
      null,
    ),
  );
  if (!made.ok) throw new Error(made.reason);
  const product = made.product;
  const input = purchaseOrderSchema.parse({
    supplierId: supplier.supplier.id,
    lines: [{ productId: product.id, quantity: serials.length }],
  });
  const draft = ok(
    await db.inRequest(() => createPurchaseOrder({ ...input, supplierId: supplier.supplier.id }, null)),
  ).order;
  const order = ok(await db.inRequest(() => movePurchaseOrder(draft.id, "sent", null))).order;
  ok(
    await db.inRequest(() =>
      receivePurchaseOrder(
        order.id,
        receiveSchema.parse({ lines: [{ lineId: order.lines[0].id, quantity: serials.length, serials }] }),
        null,
      ),
    ),
  );
  return product;
}

async function newCount(userId: number | null = null) {
  const created = await db.inRequest(() => createStockCount(newCountSchema.parse({ scope: "shop" }), userId));
  if (!created.ok) throw new Error(created.reason);
  return created.count;
}

const count = (countId: number, input: Partial<LineInput>, userId: number | null = null) =>
  db.inRequest(() =>
    countLine(countId, { code: null, productId: null, quantity: null, mode: "set", ...input }, userId),
  );

const reload = async (count: StockCountRow) =>
  (await db.inRequest(() => getStockCount(count.id))) as StockCountRow;

async function lineOf(stockCount: StockCountRow, productId: number) {
  const { lines } = await db.inRequest(async () =>
    listCountLines(await reload(stockCount), { limit: 50, offset: 0 }),
  );
  return lines.find((line) => line.productId === productId);
}

async function stock(productId: number) {
  const [row] = await sql<{ stock_level: number }>("select stock_level from product where id = ?", [
    productId,
  ]);
  return row.stock_level;
}

async function unit(serial: string) {
  const [found] = await db.inRequest(() => findSerialUnits(serial));
  return found ? await db.inRequest(() => getSerialUnit(found.id)) : null;
}

beforeEach(() =>
  db.truncate(
    "stock_count_serial",
    "stock_count_line",
    "stock_count",
    "serial_event",
    "serial_unit",
    "sales_order_item",
    "sales_order",
    "customer",
    "purchase_order_line",
    "purchase_order",
    "document_number",
    "stock_movement",
    "alert",
    "price_history",
    "product",
    "supplier",
  ),
);

describe("a stock count of a serial-tracked product counts its serials (issue #31)", () => {
  const [a, b, c, d] = ["35693803564380", "49015420323751", "86012345678901", "35209900176148"].map(imei);

  test("three units in stock, two scanned and one unknown: the line lists the missing and the unexpected; the commit writes the missing off and takes the unknown in, timelines naming the count", async () => {
    const phone = await phoneInStock([a, b, c]);
    expect(await stock(phone.id)).toBe(3);
    const userId = await user();
    const stockCount = await newCount(userId);

    // Scanned one by one into the line's box, as a scanner types them (a blank line, a space).
    const counted = ok(
      await count(
        stockCount.id,
        { productId: phone.id, serials: parseSerialList(`${a}\n\n ${b}\n${d}`) },
        userId,
      ),
    );
    expect(counted.line).toMatchObject({ counted: 3, expected: 3, tracking: "imei" });
    expect(counted.line.serials).toEqual({
      counted: [a, b, d],
      missing: [c],
      unexpected: [
        { serial: d, state: null, unitId: null, orderId: null, orderNumber: null, locationName: null },
      ],
    });
    // The page's line and the problems read the same; an unknown serial does not block the commit.
    const line = await lineOf(stockCount, phone.id);
    expect(line?.serials).toEqual(counted.line.serials);
    const problems = await db.inRequest(async () => countProblems(await reload(stockCount)));
    expect(problems.unexpectedSerials).toEqual([]);
    expect(problems.countBySerials).toEqual([]);

    const committed = ok(
      await db.inRequest(() => commitStockCount(stockCount.id, { zeroUncounted: false }, userId)),
    );
    expect(committed).toMatchObject({ moved: 0, unitsMissing: 1, unitsFound: 1 });
    // Three on the shelf, three expected: the level stays, and the units in stock are the three seen.
    expect(await stock(phone.id)).toBe(3);
    const inStock = await sql<{ serial: string }>(
      "select serial from serial_unit where product_id = ? and state = 'in_stock' order by serial",
      [phone.id],
    );
    expect(inStock.map((row) => row.serial)).toEqual([a, b, d].sort());

    const missing = await unit(c);
    expect(missing?.state).toBe("scrapped");
    expect(missing?.events.map((event) => [event.kind, event.documentNumber, event.note])).toEqual([
      ["received", expect.stringMatching(/^PO-/), null],
      ["counted", stockCount.number, "missing"],
    ]);
    expect(missing?.events[1]).toMatchObject({
      documentType: "stock_count",
      documentId: stockCount.id,
      user: "Laura Laskija",
    });
    const found = await unit(d);
    expect(found).toMatchObject({ state: "in_stock", purchaseOrderId: null, receivedAt: null });
    expect(found?.events.map((event) => [event.kind, event.documentNumber, event.note])).toEqual([
      ["counted", stockCount.number, "found"],
    ]);
    const seen = await unit(a);
    expect(seen?.events.map((event) => [event.kind, event.note])).toEqual([
      ["received", null],
      ["counted", null],
    ]);

    // The committed count reads as it was: c missing, d unexpected (unknown then), whatever happens next.
    const after = await lineOf(stockCount, phone.id);
    expect(after?.serials).toEqual({
      counted: [a, b, d],
      missing: [c],
      unexpected: [
        { serial: d, state: null, unitId: found?.id, orderId: null, orderNumber: null, locationName: null },
      ],
    });
  });

  test("one of three scanned: the stock level moves by the difference as a count movement, two units written off", async () => {
    const phone = await phoneInStock([a, b, c]);
    const stockCount = await newCount();
    ok(await count(stockCount.id, { productId: phone.id, serials: [b] }));
    expect(
      ok(await db.inRequest(() => commitStockCount(stockCount.id, { zeroUncounted: false }, null))),
    ).toMatchObject({
      moved: 1,
      unitsMissing: 2,
      unitsFound: 0,
    });
    expect(await stock(phone.id)).toBe(1);
    const movements = await sql<{ quantity: number; reason: string; reference: string }>(
      "select quantity, reason, reference from stock_movement where product_id = ? and reason = 'count'",
      [phone.id],
    );
    expect(movements).toEqual([{ quantity: -2, reason: "count", reference: stockCount.number }]);
    expect((await unit(a))?.state).toBe("scrapped");
    expect((await unit(b))?.state).toBe("in_stock");
  });

  test("a bad IMEI and a duplicate in the list are refused, each named, and nothing is counted", async () => {
    const phone = await phoneInStock([a, b]);
    const stockCount = await newCount();
    const wrong = `${c.slice(0, 14)}${(Number(c[14]) + 1) % 10}`;
    const refused = await count(stockCount.id, {
      productId: phone.id,
      serials: parseSerialList(`${a}\n${wrong}\n${a}\n12345`),
    });
    expect(refused.ok).toBe(false);
    if (refused.ok || refused.reason !== "serials") throw new Error("expected the serials refused");
    expect(refused.problems).toEqual(
      expect.arrayContaining([
        { problem: "duplicate", serial: a },
        { problem: "imeiCheckDigit", serial: wrong },
        { problem: "imeiLength", serial: "12345" },
      ]),
    );
    expect(await lineOf(stockCount, phone.id)).toBeUndefined();

    // Added to a line, a serial already on it is refused too.
    ok(await count(stockCount.id, { productId: phone.id, serials: [a] }));
    const again = await count(stockCount.id, { productId: phone.id, serials: [b, a], mode: "add" });
    expect(again).toMatchObject({
      ok: false,
      reason: "serials",
      problems: [{ problem: "counted", serial: a }],
    });
    const added = ok(await count(stockCount.id, { productId: phone.id, serials: [b], mode: "add" }));
    expect(added.line).toMatchObject({
      counted: 2,
      serials: { counted: [a, b], missing: [], unexpected: [] },
    });
  });

  test("a quantity for a serial-tracked product is refused; a scan of its code opens its line counting nothing", async () => {
    const phone = await phoneInStock([a, b]);
    const stockCount = await newCount();
    expect(await count(stockCount.id, { productId: phone.id, quantity: 2 })).toMatchObject({
      ok: false,
      reason: "countedBySerials",
    });
    const scanned = ok(await count(stockCount.id, { code: phone.sku, mode: "add" }));
    expect(scanned.line).toMatchObject({
      counted: 0,
      expected: 2,
      serials: { counted: [], missing: [a, b], unexpected: [] },
    });
    // A second scan changes nothing.
    expect(ok(await count(stockCount.id, { code: phone.sku, mode: "add" })).line.counted).toBe(0);
  });

  test("a serial sold on an order keeps the commit waiting, named with its state and order; one written off before comes back into stock", async () => {
    const phone = await phoneInStock([a, b, c]);
    const order = await db.inRequest(() =>
      createOrder(orderSchema.parse({ lines: [{ productId: phone.id, quantity: 1 }] }), null),
    );
    if (!order.ok) throw new Error(order.reason);
    const [item] = await sql<{ id: number }>("select id from sales_order_item where order_id = ?", [
      order.order.id,
    ]);
    await sql("update serial_unit set state = 'sold', sold_item_id = ?, sold_at = now() where serial = ?", [
      item.id,
      b,
    ]);
    await sql("update serial_unit set state = 'scrapped' where serial = ?", [c]);
    const stockCount = await newCount();
    const counted = ok(await count(stockCount.id, { productId: phone.id, serials: [a, b, c] }));
    expect(counted.line.serials?.unexpected).toEqual(
      [
        {
          serial: b,
          state: "sold",
          unitId: expect.any(Number),
          orderId: order.order.id,
          orderNumber: order.order.number,
          locationName: null,
        },
        {
          serial: c,
          state: "scrapped",
          unitId: expect.any(Number),
          orderId: null,
          orderNumber: null,
          locationName: null,
        },
      ].sort((x, y) => x.serial.localeCompare(y.serial)),
    );
    const problems = await db.inRequest(async () => countProblems(await reload(stockCount)));
    expect(problems.unexpectedSerials).toEqual([
      expect.objectContaining({ serial: b, state: "sold", orderNumber: order.order.number, sku: phone.sku }),
    ]);

    const refused = await db.inRequest(() => commitStockCount(stockCount.id, { zeroUncounted: false }, null));
    expect(refused).toMatchObject({
      ok: false,
      reason: "problems",
      unexpectedSerials: [{ serial: b, state: "sold" }],
    });
    expect((await unit(b))?.state).toBe("sold");
    expect((await reload(stockCount)).status).toBe("open");

    // Taken off the list, the count commits: the unit written off before is in stock again.
    ok(await count(stockCount.id, { productId: phone.id, serials: [a, c] }));
    ok(await db.inRequest(() => commitStockCount(stockCount.id, { zeroUncounted: false }, null)));
    expect((await unit(c))?.state).toBe("in_stock");
    expect((await unit(c))?.events.at(-1)).toMatchObject({ kind: "counted", note: "found" });
    expect((await unit(b))?.state).toBe("sold");
  });

  test("a serial-tracked product nobody counted, set to zero, loses its units in stock", async () => {
    const phone = await phoneInStock([a, b]);
    const other = await phoneInStock([c]);
    const stockCount = await newCount();
    ok(await count(stockCount.id, { productId: other.id, serials: [c] }));
    expect(
      ok(await db.inRequest(() => commitStockCount(stockCount.id, { zeroUncounted: true }, null))),
    ).toMatchObject({
      unitsMissing: 2,
    });
    expect(await stock(phone.id)).toBe(0);
    expect((await unit(a))?.state).toBe("scrapped");
    expect((await lineOf(stockCount, phone.id))?.serials).toMatchObject({
      counted: [],
      missing: [a, b].sort(),
    });
  });
});
