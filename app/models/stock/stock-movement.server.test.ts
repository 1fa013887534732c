import { beforeEach, describe, expect, test } from "vitest";
import { getDashboardStats } from "~/models/dashboard/dashboard.server";
import { createOrder, moveOrder } from "~/models/order/order.server";
import { orderSchema } from "~/models/order/order-schema";
import { getProduct } from "~/models/product/product-reads.server";
import { productSchema } from "~/models/product/product-schema";
import {
  createProduct,
  deleteProduct,
  importProducts,
  updateProduct,
} from "~/models/product/product-writes.server";
import { changeStock } from "~/models/stock/stock-ledger.server";
import { parseForm } from "~/web/form.server";
import { testDatabase } from "../../../tests/setup/database";
import { listStockMovements, recordStockMovement, stockHistory } from "./stock-movement.server";
import { stockMovementApiSchema, stockMovementSchema } from "./stock-movement-schema";

const db = testDatabase();

function productInput(overrides: Record<string, unknown> = {}) {
  return productSchema.parse({
    name: "Anker Nano 20W",
    sku: `ANK-${Math.random().toString(36).slice(2, 8)}`,
    brand: "Anker",
    purchasePrice: "9.00",
    sellingPrice: "19.90",
    stockLevel: 20,
    supplier: "Tech Data",
    ...overrides,
  });
}

async function product(overrides: Record<string, unknown> = {}, userId: number | null = null) {
  const made = await db.inRequest(() => createProduct(productInput(overrides), userId));
  if (!made.ok) throw new Error(made.reason);
  return made.product;
}

async function sql<T>(query: string, params: unknown[] = []) {
  return db.orm.em.fork().execute<T[]>(query, params);
}

type LedgerRow = { quantity: number; reason: string; stock_after: number; reference: string | null };

/** The product's ledger, oldest first, as stored. */
async function ledger(productId: number) {
  return sql<LedgerRow>(
    "select quantity, reason, stock_after, reference from stock_movement where product_id = ? order by created_at, id",
    [productId],
  );
}

/** The product's stock level beside the sum of its ledger and its newest movement's level after. */
async function levels(productId: number) {
  const [row] = await sql<{ stock: number; sum: number; last: number | null }>(
    `select p.stock_level as stock,
       (select coalesce(sum(quantity), 0)::int from stock_movement where product_id = p.id) as sum,
       (select stock_after from stock_movement where product_id = p.id order by created_at desc, id desc limit 1) as last
     from product p where p.id = ?`,
    [productId],
  );
  return row;
}

async function user(firstName: string, lastName: string) {
  const [row] = await sql<{ id: number }>(
    `insert into "user" (email, password, first_name, last_name, role) values (?, 'x', ?, ?, 'manager') returning id`,
    [`${Math.random().toString(36).slice(2, 10)}@example.fi`, firstName, lastName],
  );
  return row.id;
}

function movement(values: Record<string, unknown>) {
  const parsed = stockMovementSchema.safeParse(values);
  if (!parsed.success) throw new Error(JSON.stringify(parsed.error.issues));
  return parsed.data;
}

beforeEach(() =>
  db.truncate(
    "stock_movement",
    "sales_order_item",
    "sales_order",
    "document_number",
    "alert",
    "price_history",
    "product",
    "customer",
  ),
);

describe("the ledger keeps the stock", () => {
  test("creating a product writes its opening movement; a product created empty has none", async () => {
    const manager = await user("Maija", "Manager");
    const stocked = await product({ stockLevel: 20 }, manager);
    const empty = await product({ stockLevel: 0 });
    expect(await ledger(stocked.id)).toEqual([
      { quantity: 20, reason: "opening", stock_after: 20, reference: null },
    ]);
    expect(await ledger(empty.id)).toEqual([]);
    const { movements } = await db.inRequest(() => listStockMovements(stocked.id, { limit: 10, offset: 0 }));
    expect(movements[0]).toMatchObject({ reason: "opening", userId: manager, userName: "Maija Manager" });
  });

  test("an import opens the ledger of every product it creates, in one batch", async () => {
    const inputs = Array.from({ length: 120 }, (_, i) =>
      productInput({ sku: `IMP-${i}`, stockLevel: i % 4 }),
    );
    expect(await db.inRequest(() => importProducts(inputs, null))).toEqual({ ok: true, count: 120 });
    const [row] = await sql<{ movements: number; mismatched: number }>(
      `select (select count(*)::int from stock_movement) as movements,
        (select count(*)::int from product p where p.stock_level <> coalesce((select sum(quantity) from stock_movement m where m.product_id = p.id), 0)) as mismatched`,
    );
    expect(row).toEqual({ movements: 90, mismatched: 0 });
  });

  test("ten concurrent movements on one product leave its stock equal to the sum of its ledger", async () => {
    const made = await product({ stockLevel: 20 });
    const quantities = [5, -3, 7, -2, 10, -4, 1, -6, 3, -1];
    const results = await Promise.all(
      quantities.map((quantity, i) =>
        db.inRequest(() =>
          recordStockMovement(
            made.id,
            movement({ quantity, reason: quantity > 0 ? "receipt" : "damage", note: `move ${i}` }),
            null,
          ),
        ),
      ),
    );
    expect(results.every((result) => result.ok)).toBe(true);
    expect(await levels(made.id)).toEqual({ stock: 30, sum: 30, last: 30 });
    // Each movement's level after is the one before it plus its quantity: no lost update.
    const rows = await ledger(made.id);
    expect(rows).toHaveLength(11);
    rows.reduce((level, row) => {
      expect(row.stock_after).toBe(level + row.quantity);
      return row.stock_after;
    }, 0);
    // The stock chart's points: the levels in order, oldest first, the latest ones when limited.
    const points = await db.inRequest(() => stockHistory(made.id));
    expect(points.map((point) => point.stockAfter)).toEqual(rows.map((row) => row.stock_after));
    const latest = await db.inRequest(() => stockHistory(made.id, 3));
    expect(latest.map((point) => point.stockAfter)).toEqual(rows.slice(-3).map((row) => row.stock_after));
  });

  test("a sale that would take stock below zero is refused, naming the product, and nothing is written", async () => {
    const made = await product({ name: "Logitech MX Keys", stockLevel: 3 });
    const before = await sql("select version, stock_level from product where id = ?", [made.id]);
    const refused = await db.inRequest(() =>
      db.orm.em
        .fork()
        .transactional((tx) => changeStock(tx, [{ productId: made.id, delta: -4, reason: "sale" }])),
    );
    expect(refused).toMatchObject({
      ok: false,
      reason: "short",
      product: { name: "Logitech MX Keys", stockLevel: 3, wanted: 4 },
    });
    const byHand = await db.inRequest(() =>
      recordStockMovement(made.id, movement({ quantity: "-4", reason: "sale" }), null),
    );
    expect(byHand).toMatchObject({ ok: false, reason: "short", product: { name: "Logitech MX Keys" } });
    expect(await sql("select version, stock_level from product where id = ?", [made.id])).toEqual(before);
    expect(await ledger(made.id)).toHaveLength(1);
    // Taking the last three is allowed: zero, not below.
    expect(
      (
        await db.inRequest(() =>
          recordStockMovement(made.id, movement({ quantity: -3, reason: "sale" }), null),
        )
      ).ok,
    ).toBe(true);
    expect(await levels(made.id)).toEqual({ stock: 0, sum: 0, last: 0 });
  });

  test("the database refuses what the write path never writes: zero, a level below zero, a sign against its reason", async () => {
    const made = await product({ stockLevel: 2 });
    const insert = (quantity: number, reason: string, after: number) =>
      sql(
        `insert into stock_movement (product_id, location_id, quantity, reason, stock_after, location_stock_after)
         values (?, (select id from location where is_default), ?, ?, ?, ?)`,
        [made.id, quantity, reason, after, after],
      );
    await expect(insert(0, "count", 2)).rejects.toThrow(/stock_movement_quantity_check/);
    await expect(insert(-3, "sale", -1)).rejects.toThrow(/stock_movement_(location_)?stock_after_check/);
    await expect(insert(2, "damage", 4)).rejects.toThrow(/stock_movement_direction_check/);
    await expect(insert(1, "theft", 3)).rejects.toThrow(/stock_movement_(reason|direction)_check/);
  });

  test("a movement by hand: an unknown product, a level over what a product may hold", async () => {
    expect(
      await db.inRequest(() =>
        recordStockMovement(2147480000, movement({ quantity: 1, reason: "receipt" }), null),
      ),
    ).toEqual({ ok: false, reason: "notFound" });
    expect(
      await db.inRequest(() =>
        recordStockMovement(2147480000, movement({ quantity: -1, reason: "damage" }), null),
      ),
    ).toEqual({ ok: false, reason: "notFound" });
    const full = await product({ stockLevel: 999_999_000 });
    expect(
      await db.inRequest(() =>
        recordStockMovement(full.id, movement({ quantity: 1001, reason: "receipt" }), null),
      ),
    ).toMatchObject({ ok: false, reason: "tooMuch", product: { atMost: 999_999_999 } });
    expect(await ledger(full.id)).toHaveLength(1);
  });

  test("the ledger reads newest first, a page at a time, with the user's name and the note", async () => {
    const made = await product({ stockLevel: 5 });
    const manager = await user("Mikko", "Mäkinen");
    for (const [quantity, reason, note] of [
      [10, "receipt", "Delivery 4411"],
      [-1, "damage", "Dropped"],
      [-2, "count", null],
    ] as const) {
      const done = await db.inRequest(() =>
        recordStockMovement(made.id, movement({ quantity, reason, note }), manager),
      );
      expect(done).toMatchObject({
        ok: true,
        movement: { quantity, reason, note, userName: "Mikko Mäkinen" },
      });
    }
    const first = await db.inRequest(() => listStockMovements(made.id, { limit: 2, offset: 0 }));
    expect(first.total).toBe(4);
    expect(first.movements.map((m) => [m.reason, m.quantity, m.stockAfter])).toEqual([
      ["count", -2, 12],
      ["damage", -1, 14],
    ]);
    const second = await db.inRequest(() => listStockMovements(made.id, { limit: 2, offset: 2 }));
    expect(second.movements.map((m) => [m.reason, m.stockAfter, m.note, m.userName])).toEqual([
      ["receipt", 15, "Delivery 4411", "Mikko Mäkinen"],
      ["opening", 5, null, null],
    ]);
  });
});

describe("the product form's stock is a movement", () => {
  function edited(productId: number, version: number, fields: Record<string, string>) {
    const form = new FormData();
    for (const [key, value] of Object.entries({
      name: "Anker Nano 20W",
      sku: `ANK-EDIT-${productId}`,
      brand: "Anker",
      purchasePrice: "9,00",
      sellingPrice: "19,90",
      supplier: "Tech Data",
      version: String(version),
      ...fields,
    }))
      form.set(key, value);
    const submission = parseForm(form, productSchema);
    if (submission.status !== "success") throw new Error(JSON.stringify(submission.error));
    return submission.value;
  }

  test("a new stock level records the difference as an adjustment, or with the reason chosen", async () => {
    const made = await product({ stockLevel: 20 });
    const manager = await user("Aino", "Virtanen");
    const first = await db.inRequest(() =>
      updateProduct(made.id, edited(made.id, made.version, { stockLevel: "14" }), manager),
    );
    if (!first.ok) throw new Error(first.reason);
    expect(first.product.stockLevel).toBe(14);
    const second = await db.inRequest(() =>
      updateProduct(
        made.id,
        edited(made.id, first.product.version, { stockLevel: "26", stockReason: "receipt" }),
        manager,
      ),
    );
    expect(second.ok).toBe(true);
    // Saving the form again with the same level moves nothing.
    const product26 = await db.inRequest(() => getProduct(made.id));
    await db.inRequest(() =>
      updateProduct(
        made.id,
        edited(made.id, product26?.version ?? 0, { stockLevel: "26", name: "Renamed" }),
        manager,
      ),
    );
    expect(await ledger(made.id)).toEqual([
      { quantity: 20, reason: "opening", stock_after: 20, reference: null },
      { quantity: -6, reason: "adjustment", stock_after: 14, reference: null },
      { quantity: 12, reason: "receipt", stock_after: 26, reference: null },
    ]);
    const { movements } = await db.inRequest(() => listStockMovements(made.id, { limit: 1, offset: 0 }));
    expect(movements[0]).toMatchObject({ userName: "Aino Virtanen" });
    expect(await levels(made.id)).toEqual({ stock: 26, sum: 26, last: 26 });
  });

  test("a reason against the change's direction is refused and nothing is written", async () => {
    const made = await product({ stockLevel: 20 });
    const lowered = await db.inRequest(() =>
      updateProduct(
        made.id,
        edited(made.id, made.version, { stockLevel: "15", stockReason: "receipt" }),
        null,
      ),
    );
    expect(lowered).toEqual({ ok: false, reason: "stockReasonAdds" });
    const raised = await db.inRequest(() =>
      updateProduct(
        made.id,
        edited(made.id, made.version, { stockLevel: "25", stockReason: "damage", name: "Changed" }),
        null,
      ),
    );
    expect(raised).toEqual({ ok: false, reason: "stockReasonTakes" });
    expect(await sql("select name, stock_level from product where id = ?", [made.id])).toEqual([
      { name: "Anker Nano 20W", stock_level: 20 },
    ]);
    expect(await ledger(made.id)).toHaveLength(1);
  });

  test("a form edit that started before a movement is stale: it would overwrite the movement", async () => {
    const made = await product({ stockLevel: 20 });
    await db.inRequest(() => recordStockMovement(made.id, movement({ quantity: -5, reason: "sale" }), null));
    const stale = await db.inRequest(() =>
      updateProduct(made.id, edited(made.id, made.version, { stockLevel: "20" }), null),
    );
    expect(stale).toEqual({ ok: false, reason: "stale" });
    expect(await levels(made.id)).toEqual({ stock: 15, sum: 15, last: 15 });
  });
});

describe("orders move stock through the ledger", () => {
  test("confirming writes a sale and cancelling a return, each naming the order", async () => {
    const a = await product({ stockLevel: 12 });
    const b = await product({ stockLevel: 4 });
    const manager = await user("Olli", "Order");
    const created = await db.inRequest(() =>
      createOrder(
        orderSchema.parse({
          lines: [
            { productId: a.id, quantity: 2 },
            { productId: b.id, quantity: 3 },
            { productId: a.id, quantity: 1 },
          ],
        }),
        manager,
      ),
    );
    if (!created.ok) throw new Error(created.reason);
    const number = created.order.number;
    expect((await db.inRequest(() => moveOrder(created.order.id, "confirmed", manager))).ok).toBe(true);
    expect((await db.inRequest(() => moveOrder(created.order.id, "cancelled", manager))).ok).toBe(true);
    expect(await ledger(a.id)).toEqual([
      { quantity: 12, reason: "opening", stock_after: 12, reference: null },
      // One movement per product per order: its two lines together.
      { quantity: -3, reason: "sale", stock_after: 9, reference: number },
      { quantity: 3, reason: "return", stock_after: 12, reference: number },
    ]);
    expect(await ledger(b.id)).toEqual([
      { quantity: 4, reason: "opening", stock_after: 4, reference: null },
      { quantity: -3, reason: "sale", stock_after: 1, reference: number },
      { quantity: 3, reason: "return", stock_after: 4, reference: number },
    ]);
    const { movements } = await db.inRequest(() => listStockMovements(b.id, { limit: 1, offset: 0 }));
    expect(movements[0]).toMatchObject({ reason: "return", reference: number, userName: "Olli Order" });
  });

  test("an order short of stock writes no sale", async () => {
    const made = await product({ stockLevel: 2 });
    const created = await db.inRequest(() =>
      createOrder(orderSchema.parse({ lines: [{ productId: made.id, quantity: 3 }] }), null),
    );
    if (!created.ok) throw new Error(created.reason);
    expect(await db.inRequest(() => moveOrder(created.order.id, "confirmed", null))).toMatchObject({
      ok: false,
      reason: "short",
    });
    expect(await levels(made.id)).toEqual({ stock: 2, sum: 2, last: 2 });
  });
});

describe("what follows a movement", () => {
  test("the dashboard's kept figures follow a movement", async () => {
    const made = await product({ sellingPrice: "20.00", stockLevel: 12 });
    const before = await db.inRequest(() => getDashboardStats());
    expect(before).toMatchObject({ lowStockCount: 0, inventoryValue: "240.00" });
    await db.inRequest(() =>
      recordStockMovement(made.id, movement({ quantity: -5, reason: "damage" }), null),
    );
    expect(await db.inRequest(() => getDashboardStats())).toMatchObject({
      lowStockCount: 1,
      inventoryValue: "140.00",
    });
    const [alert] = await sql<{ type: string }>("select type from alert where product_id = ?", [made.id]);
    expect(alert?.type).toBe("low_stock");
  });

  test("a product whose stock moved after its opening is not deleted; one with only its opening is", async () => {
    const moved = await product({ stockLevel: 5 });
    const opened = await product({ stockLevel: 5 });
    await db.inRequest(() =>
      recordStockMovement(moved.id, movement({ quantity: 1, reason: "receipt" }), null),
    );
    expect(await db.inRequest(() => deleteProduct(moved.id))).toEqual({ ok: false, reason: "hasMovements" });
    expect(await db.inRequest(() => deleteProduct(opened.id))).toEqual({ ok: true });
    expect(await ledger(opened.id)).toEqual([]);
    expect(await ledger(moved.id)).toHaveLength(2);
  });
});

describe("movement input", () => {
  test("takes a signed whole quantity that fits its reason, and a short note", () => {
    expect(stockMovementSchema.parse({ quantity: "−2", reason: "damage", note: "  " })).toEqual({
      quantity: -2,
      reason: "damage",
      note: null,
      // None named: the staff member's work location (issue #32).
      locationId: null,
    });
    expect(stockMovementApiSchema.parse({ productId: 4, quantity: 5, reason: "receipt" })).toMatchObject({
      productId: 4,
      quantity: 5,
    });
    const errors = (values: Record<string, unknown>) => {
      const parsed = stockMovementApiSchema.safeParse(values);
      return parsed.success ? {} : parsed.error.flatten().fieldErrors;
    };
    expect(errors({ productId: 1, quantity: 0, reason: "count" })).toEqual({
      quantity: ["stock:errors.quantity"],
    });
    expect(errors({ productId: 1, quantity: 1.5, reason: "count" })).toEqual({
      quantity: ["stock:errors.quantity"],
    });
    expect(errors({ productId: 1, quantity: 1_000_001, reason: "count" })).toEqual({
      quantity: ["stock:errors.quantity"],
    });
    expect(errors({ productId: 1, quantity: 2, reason: "damage" })).toEqual({
      quantity: ["stock:errors.quantityOut"],
    });
    expect(errors({ productId: 1, quantity: -2, reason: "receipt" })).toEqual({
      quantity: ["stock:errors.quantityIn"],
    });
    expect(errors({ productId: "x", quantity: 1, reason: "opening" })).toEqual({
      productId: ["stock:errors.productId"],
      reason: ["stock:errors.reason"],
    });
  });
});
