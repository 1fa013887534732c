import { beforeEach, describe, expect, test } from "vitest";
import { createCategory } from "~/models/category/category.server";
import { categorySchema } from "~/models/category/category-schema";
import { createOrder, moveOrder } from "~/models/order/order.server";
import { orderSchema } from "~/models/order/order-schema";
import { getProduct } from "~/models/product/product-reads.server";
import { productSchema } from "~/models/product/product-schema";
import { createProduct, importProducts, updateProduct } from "~/models/product/product-writes.server";
import { recordStockMovement } from "~/models/stock/stock-movement.server";
import { stockMovementSchema } from "~/models/stock/stock-movement-schema";
import { testDatabase } from "../../../tests/setup/database";
import {
  cancelStockCount,
  commitStockCount,
  countLine,
  countProblems,
  countSummary,
  createStockCount,
  getStockCount,
  type LineInput,
  listCountLines,
  removeCountLine,
  type StockCountRow,
} from "./stock-count.server";
import { commitSchema, newCountSchema, scanSchema, setLineSchema } from "./stock-count-schema";

const db = testDatabase();

function productInput(overrides: Record<string, unknown> = {}) {
  return productSchema.parse({
    name: "Anker Nano 20W",
    sku: `ANK-${Math.random().toString(36).slice(2, 8)}`,
    brand: "Anker",
    purchasePrice: "12.55",
    sellingPrice: "19.90",
    stockLevel: 10,
    supplier: "Tech Data",
    ...overrides,
  });
}

async function product(overrides: Record<string, unknown> = {}) {
  const made = await db.inRequest(() => createProduct(productInput(overrides), null));
  if (!made.ok) throw new Error(made.reason);
  return made.product;
}

async function sql<T>(query: string, params: unknown[] = []) {
  return db.orm.em.fork().execute<T[]>(query, params);
}

async function user() {
  const [row] = await sql<{ id: number }>(
    `insert into "user" (email, password, first_name, last_name, role) values (?, 'x', 'Maija', 'Manager', 'manager') returning id`,
    [`${Math.random().toString(36).slice(2, 10)}@example.fi`],
  );
  return row.id;
}

async function newCount(values: Record<string, unknown> = { scope: "shop" }, userId: number | null = null) {
  const created = await db.inRequest(() => createStockCount(newCountSchema.parse(values), userId));
  if (!created.ok) throw new Error(created.reason);
  return created.count;
}

const scan = (countId: number, code: string, quantity: number | null = null, userId: number | null = null) =>
  db.inRequest(() =>
    countLine(countId, { code, productId: null, quantity, mode: quantity === null ? "add" : "set" }, userId),
  );

const line = (countId: number, input: Partial<LineInput>) =>
  db.inRequest(() =>
    countLine(countId, { code: null, productId: null, quantity: null, mode: "add", ...input }, null),
  );

const commit = (countId: number, zeroUncounted = false, userId: number | null = null) =>
  db.inRequest(() => commitStockCount(countId, { zeroUncounted }, userId));

const reload = async (count: StockCountRow) =>
  (await db.inRequest(() => getStockCount(count.id))) as StockCountRow;

type Movement = { product_id: number; quantity: number; reason: string; reference: string | null };

/** The movements after the products' opening ones. */
async function movementsAfterOpening(productIds: number[]) {
  return sql<Movement>(
    `select product_id, quantity, reason, reference from stock_movement
      where product_id in (${productIds.map(() => "?").join(", ")}) and reason <> 'opening'
      order by product_id, id`,
    productIds,
  );
}

async function stock(productId: number) {
  return (await db.inRequest(() => getProduct(productId)))?.stockLevel;
}

beforeEach(() =>
  db.truncate(
    "stock_count_line",
    "stock_count",
    "stock_movement",
    "sales_order_item",
    "sales_order",
    "document_number",
    "alert",
    "price_history",
    "product",
    "category",
  ),
);

describe("a count commits its differences", () => {
  test("a count over three products commits exactly the differences as count movements, and each product keeps its counted date", async () => {
    const manager = await user();
    const a = await product({ name: "Cable A", sku: "CNT-A", stockLevel: 10 });
    const b = await product({ name: "Cable B", sku: "CNT-B", stockLevel: 5, ean: "4006381333931" });
    const c = await product({ name: "Cable C", sku: "CNT-C", stockLevel: 7 });
    const count = await newCount({ scope: "shop", note: "Autumn" }, manager);
    expect(count).toMatchObject({ number: `IC-${new Date().getFullYear()}-000001`, status: "open" });

    expect(await scan(count.id, "cnt-a", 8, manager)).toMatchObject({
      ok: true,
      line: { counted: 8, expected: 10 },
    });
    // Scanned by EAN three times and twice more by SKU: five, against five expected.
    for (const code of ["4006381333931", "4006381333931", "4006381333931", "CNT-B", "CNT-B"])
      expect((await scan(count.id, code, null, manager)).ok).toBe(true);
    expect(await scan(count.id, "CNT-C", 9, manager)).toMatchObject({ ok: true, line: { counted: 9 } });

    const open = await reload(count);
    expect(await db.inRequest(() => countSummary(open))).toMatchObject({
      lines: 3,
      countedUnits: 22,
      expectedUnits: 22,
      differenceUnits: 0,
      withDifference: 2,
      // Purchase price 12.55 incl. 25.5 % VAT: 10.00 excl. VAT a unit.
      surplusValue: "20.00",
      shortageValue: "-20.00",
      differenceValue: "0.00",
      notCounted: 0,
      belowZero: 0,
    });

    const committed = await commit(count.id, false, manager);
    expect(committed).toMatchObject({ ok: true, moved: 2, counted: 3, count: { status: "committed" } });
    expect(await movementsAfterOpening([a.id, b.id, c.id])).toEqual([
      { product_id: a.id, quantity: -2, reason: "count", reference: count.number },
      { product_id: c.id, quantity: 2, reason: "count", reference: count.number },
    ]);
    expect([await stock(a.id), await stock(b.id), await stock(c.id)]).toEqual([8, 5, 9]);
    const counted = await sql<{ id: number; last_counted_at: string | Date | null }>(
      "select id, last_counted_at from product where id in (?, ?, ?) order by id",
      [a.id, b.id, c.id],
    );
    const committedAt = (committed as { count: StockCountRow }).count.committedAt;
    expect(counted.map((row) => row.last_counted_at && new Date(row.last_counted_at).toISOString())).toEqual([
      committedAt,
      committedAt,
      committedAt,
    ]);
    // The variance as it was at the commit: a later price change does not rewrite it.
    await db.inRequest(() =>
      updateProduct(
        a.id,
        productInput({ name: "Cable A", sku: "CNT-A", stockLevel: 8, purchasePrice: "15.00" }),
        null,
      ),
    );
    const { lines } = await db.inRequest(async () =>
      listCountLines((await getStockCount(count.id)) as StockCountRow, {
        limit: 10,
        offset: 0,
        differences: true,
      }),
    );
    expect(lines.map((l) => [l.sku, l.difference, l.differenceValue])).toEqual([
      ["CNT-A", -2, "-20.00"],
      ["CNT-C", 2, "20.00"],
    ]);
  });

  test("a sale between counting a line and the commit is kept: the commit moves the difference, not the level", async () => {
    const made = await product({ sku: "SALE-1", stockLevel: 10 });
    const count = await newCount();
    // Nine on the shelf while the system says ten: one missing.
    await scan(count.id, "SALE-1", 9);
    const order = await db.inRequest(() =>
      createOrder(orderSchema.parse({ lines: [{ productId: made.id, quantity: 3 }] }), null),
    );
    if (!order.ok) throw new Error(order.reason);
    expect((await db.inRequest(() => moveOrder(order.order.id, "confirmed", null))).ok).toBe(true);
    expect(await stock(made.id)).toBe(7);
    expect((await commit(count.id)).ok).toBe(true);
    // 7 - 1: the three sold stay sold.
    expect(await stock(made.id)).toBe(6);
    expect(await movementsAfterOpening([made.id])).toMatchObject([
      { quantity: -3, reason: "sale" },
      { quantity: -1, reason: "count" },
    ]);
  });

  test("scans of one product add up; a typed quantity sets the line; each keeps the stock of its moment", async () => {
    const made = await product({ sku: "DUP-1", barcode: "DUP-BOX", stockLevel: 4 });
    const count = await newCount();
    await scan(count.id, "DUP-1");
    await scan(count.id, "dup-box");
    expect(await scan(count.id, "DUP-1")).toMatchObject({ ok: true, line: { counted: 3, expected: 4 } });
    expect(await scan(count.id, "DUP-1", 12)).toMatchObject({ ok: true, line: { counted: 12 } });
    expect(await line(count.id, { productId: made.id, quantity: 5, mode: "add" })).toMatchObject({
      ok: true,
      line: { counted: 17 },
    });
    await db.inRequest(() =>
      recordStockMovement(made.id, stockMovementSchema.parse({ quantity: 2, reason: "receipt" }), null),
    );
    expect(await line(count.id, { productId: made.id, quantity: 6, mode: "set" })).toMatchObject({
      ok: true,
      line: { counted: 6, expected: 6 },
    });
    const { lines, total } = await db.inRequest(async () =>
      listCountLines(await reload(count), { limit: 10, offset: 0 }),
    );
    expect(total).toBe(1);
    expect(lines[0]).toMatchObject({ productId: made.id, counted: 6, expected: 6, difference: 0 });
    // More than a line may count, even by adding: refused, the line as it was.
    expect(await line(count.id, { productId: made.id, quantity: 100_000, mode: "add" })).toMatchObject({
      ok: false,
      reason: "tooMany",
    });
    expect(await line(count.id, { productId: 2147480000, quantity: 1, mode: "set" })).toEqual({
      ok: false,
      reason: "productNotFound",
    });
  });

  test("two people setting one line: the second, who read the line before the first set it, is refused with what it shows now", async () => {
    const made = await product({ sku: "TWO-SET", stockLevel: 9 });
    const count = await newCount();
    await scan(count.id, "TWO-SET");
    // Both read 1; the first sets 7; the second's 8 was typed against the 1 it read.
    expect(await line(count.id, { productId: made.id, quantity: 7, mode: "set", previous: 1 })).toMatchObject(
      {
        ok: true,
        line: { counted: 7 },
      },
    );
    expect(await line(count.id, { productId: made.id, quantity: 8, mode: "set", previous: 1 })).toEqual({
      ok: false,
      reason: "lineMoved",
      counted: 7,
    });
    // Read again, set again: taken. Ten people at once, each against the 7 they read: one wins.
    const sets = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        line(count.id, { productId: made.id, quantity: 20 + i, mode: "set", previous: 7 }),
      ),
    );
    expect(sets.filter((result) => result.ok)).toHaveLength(1);
    const [won] = sets.filter((result) => result.ok);
    const { lines } = await db.inRequest(async () =>
      listCountLines(await reload(count), { limit: 10, offset: 0 }),
    );
    expect(won.ok && lines[0].counted).toBe(won.ok && won.line.counted);
  });

  test("unknown codes are kept and listed, and the commit waits until they are removed", async () => {
    const made = await product({ sku: "KNOWN-1", stockLevel: 3 });
    const count = await newCount();
    await scan(count.id, "KNOWN-1", 2);
    expect(await scan(count.id, "NO-SUCH-CODE")).toMatchObject({
      ok: true,
      line: { productId: null, code: "NO-SUCH-CODE", counted: 1 },
    });
    await scan(count.id, "no-such-code");
    await scan(count.id, "6400000000000", 4);
    const problems = await db.inRequest(async () => countProblems(await reload(count)));
    expect(problems.unknownCodes.map((u) => [u.code, u.counted])).toEqual([
      ["6400000000000", 4],
      ["NO-SUCH-CODE", 2],
    ]);
    expect(await commit(count.id)).toEqual({
      ok: false,
      reason: "problems",
      unknownCodes: ["6400000000000", "NO-SUCH-CODE"],
      belowZero: [],
      unexpectedSerials: [],
      countBySerials: [],
    });
    expect(await stock(made.id)).toBe(3);
    for (const unknown of problems.unknownCodes)
      expect(await db.inRequest(() => removeCountLine(count.id, unknown.id))).toEqual({ ok: true });
    expect(await commit(count.id)).toMatchObject({ ok: true, moved: 1 });
    expect(await stock(made.id)).toBe(2);
  });

  test("a commit is refused the second time, and two at once commit once", async () => {
    const made = await product({ sku: "TWICE-1", stockLevel: 10 });
    const count = await newCount();
    await scan(count.id, "TWICE-1", 4);
    const results = await Promise.all([commit(count.id), commit(count.id)]);
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.find((r) => !r.ok)).toEqual({ ok: false, reason: "closed", status: "committed" });
    expect(await commit(count.id)).toEqual({ ok: false, reason: "closed", status: "committed" });
    expect(await stock(made.id)).toBe(4);
    expect(await movementsAfterOpening([made.id])).toHaveLength(1);
    // A committed count takes no more scans, nor a cancel.
    expect(await scan(count.id, "TWICE-1")).toEqual({ ok: false, reason: "closed" });
    expect(await db.inRequest(() => cancelStockCount(count.id))).toEqual({
      ok: false,
      reason: "closed",
      status: "committed",
    });
  });

  test("a stock count of 2,000 scanned lines commits in one step", async () => {
    const inputs = Array.from({ length: 2000 }, (_, i) =>
      productInput({ name: `Bulk ${i}`, sku: `BULK-${i}`, stockLevel: 20 + (i % 5) }),
    );
    expect(await db.inRequest(() => importProducts(inputs, null))).toEqual({ ok: true, count: 2000 });
    const count = await newCount();
    for (let first = 0; first < 2000; first += 8) {
      await Promise.all(
        Array.from({ length: 8 }, (_, j) => scan(count.id, `BULK-${first + j}`, 20 + ((first + j) % 3))),
      );
    }
    const result = await commit(count.id);
    expect(result).toMatchObject({ ok: true, counted: 2000 });
    const [row] = await sql<{ mismatched: number; counts: number; stamped: number }>(
      `select
         (select count(*)::int from product p where p.stock_level <> (select sum(quantity) from stock_movement m where m.product_id = p.id)) as mismatched,
         (select count(*)::int from stock_movement where reason = 'count') as counts,
         (select count(*)::int from product where last_counted_at is not null) as stamped`,
    );
    const differing = Array.from({ length: 2000 }, (_, i) => 20 + (i % 3) !== 20 + (i % 5)).filter(Boolean);
    expect(row).toEqual({ mismatched: 0, counts: differing.length, stamped: 2000 });
    expect((result as { moved: number }).moved).toBe(differing.length);
  }, 120_000);
});

describe("what a count covers", () => {
  test("products in scope nobody counted are left, or set to zero by the commit's choice", async () => {
    const counted = await product({ sku: "ZERO-C", stockLevel: 5 });
    const left = await product({ sku: "ZERO-L", stockLevel: 6 });
    const first = await newCount();
    await scan(first.id, "ZERO-C", 5);
    expect((await db.inRequest(async () => countSummary(await reload(first)))).notCounted).toBe(1);
    expect(await commit(first.id)).toMatchObject({ ok: true, moved: 0, counted: 1 });
    expect(await stock(left.id)).toBe(6);
    expect((await reload(first)).zeroUncounted).toBe(false);

    const second = await newCount();
    await scan(second.id, "ZERO-C", 5);
    expect(await commit(second.id, true)).toMatchObject({ ok: true, moved: 1, counted: 2 });
    expect(await stock(left.id)).toBe(0);
    expect(await stock(counted.id)).toBe(5);
    const { lines } = await db.inRequest(async () =>
      listCountLines(await reload(second), { limit: 10, offset: 0, differences: true }),
    );
    expect(lines).toMatchObject([{ sku: "ZERO-L", counted: 0, expected: 6, difference: -6 }]);
  });

  test("a category count covers its subcategories; a shelf count the products at that location in any letter case", async () => {
    const phones = await db.inRequest(() => createCategory(categorySchema.parse({ name: "Phones" })));
    if (!phones.ok) throw new Error("category");
    const cases = await db.inRequest(() =>
      createCategory(categorySchema.parse({ name: "Cases", parentId: phones.category.id })),
    );
    if (!cases.ok) throw new Error("category");
    await product({ sku: "PH-1", categoryId: phones.category.id, location: "A-12" });
    await product({ sku: "CASE-1", categoryId: cases.category.id, location: "a-12" });
    await product({ sku: "OTHER-1", location: "B-1" });

    const byCategory = await newCount({ scope: "category", categoryId: phones.category.id });
    expect(byCategory).toMatchObject({ categoryName: "Phones" });
    await scan(byCategory.id, "PH-1", 10);
    await scan(byCategory.id, "OTHER-1", 10);
    const problems = await db.inRequest(async () => countProblems(await reload(byCategory)));
    expect(problems.notCounted).toMatchObject({ total: 1, sample: [{ sku: "CASE-1" }] });
    expect(problems.outsideScope).toMatchObject({ total: 1, sample: [{ sku: "OTHER-1" }] });

    const byShelf = await newCount({ scope: "shelf", shelf: " A-12 " });
    expect(byShelf.shelf).toBe("A-12");
    expect((await db.inRequest(async () => countSummary(await reload(byShelf)))).notCounted).toBe(2);
    await expect(
      db.inRequest(() =>
        createStockCount(newCountSchema.parse({ scope: "category", categoryId: 2147480000 }), null),
      ),
    ).resolves.toEqual({ ok: false, reason: "unknownCategory" });
  });

  test("not counted for N days: products counted since are out of the scope", async () => {
    await product({ sku: "DAYS-OLD" });
    const recent = await product({ sku: "DAYS-NEW" });
    // Counted at the count's location (the default) 40 and 5 days ago (issue #32: a location's own).
    const countedAgo = (sku: string, days: number) =>
      sql(
        `insert into product_stock (product_id, location_id, quantity, last_counted_at)
         select p.id, l.id, 0, now() - make_interval(days => ?) from product p, location l
          where p.sku = ? and l.is_default
         on conflict (product_id, location_id) do update set last_counted_at = excluded.last_counted_at`,
        [days, sku],
      );
    await countedAgo("DAYS-OLD", 40);
    await countedAgo(recent.sku, 5);
    await product({ sku: "DAYS-NEVER" });
    const count = await newCount({ scope: "shop", notCountedDays: "30" });
    const problems = await db.inRequest(async () => countProblems(await reload(count)));
    expect(problems.notCounted.sample.map((p) => p.sku).sort()).toEqual(["DAYS-NEVER", "DAYS-OLD"]);
  });

  test("a line that would take stock below zero after sales is listed and the commit refused until recounted", async () => {
    const made = await product({ name: "Short", sku: "SHORT-1", stockLevel: 5 });
    const count = await newCount();
    await scan(count.id, "SHORT-1", 1);
    await db.inRequest(() =>
      recordStockMovement(made.id, stockMovementSchema.parse({ quantity: -3, reason: "sale" }), null),
    );
    // 2 in stock now, and the line would take 4 out.
    const refused = await commit(count.id);
    expect(refused).toMatchObject({
      ok: false,
      reason: "problems",
      unknownCodes: [],
      belowZero: [{ sku: "SHORT-1", stockLevel: 2, counted: 1, expected: 5 }],
    });
    expect(await stock(made.id)).toBe(2);
    await scan(count.id, "SHORT-1", 1);
    expect(await commit(count.id)).toMatchObject({ ok: true, moved: 1 });
    expect(await stock(made.id)).toBe(1);
  });

  test("a cancelled count moves nothing and takes no more scans; an empty count is not committed", async () => {
    const made = await product({ sku: "CANCEL-1", stockLevel: 5 });
    const empty = await newCount();
    expect(await commit(empty.id, true)).toEqual({ ok: false, reason: "empty" });
    expect(await stock(made.id)).toBe(5);
    await scan(empty.id, "CANCEL-1", 1);
    expect(await db.inRequest(() => cancelStockCount(empty.id))).toEqual({ ok: true });
    expect(await scan(empty.id, "CANCEL-1")).toEqual({ ok: false, reason: "closed" });
    expect(await commit(empty.id)).toEqual({ ok: false, reason: "closed", status: "cancelled" });
    expect(await stock(made.id)).toBe(5);
    expect(await db.inRequest(() => cancelStockCount(2147480000))).toEqual({ ok: false, reason: "notFound" });
  });
});

describe("a count's version", () => {
  const version = async (countId: number) =>
    (await sql<{ version: number }>("select version from stock_count where id = ?", [countId]))[0].version;

  test("scans and removals leave it; a commit or a cancel raises it, and a change naming an older one is refused as stale", async () => {
    await product({ sku: "VER-1", stockLevel: 3 });
    const count = await newCount();
    expect(await version(count.id)).toBe(1);
    // Line edits name the version they read, or none (the pages and the API today).
    expect(
      await db.inRequest(() =>
        countLine(count.id, { code: "VER-1", productId: null, quantity: null, mode: "add" }, null, 1),
      ),
    ).toMatchObject({ ok: true, line: { counted: 1 } });
    const unknown = await scan(count.id, "NOBODY-HAS-IT");
    if (!unknown.ok) throw new Error(unknown.reason);
    expect(await db.inRequest(() => removeCountLine(count.id, unknown.line.id, 1))).toEqual({ ok: true });
    expect(await version(count.id)).toBe(1);

    expect(
      await db.inRequest(() =>
        countLine(count.id, { code: "VER-1", productId: null, quantity: 2, mode: "set" }, null, 2),
      ),
    ).toEqual({ ok: false, reason: "stale" });
    expect(await db.inRequest(() => removeCountLine(count.id, 1, 2))).toEqual({ ok: false, reason: "stale" });
    expect(await db.inRequest(() => cancelStockCount(count.id, 2))).toEqual({ ok: false, reason: "stale" });
    expect(
      await db.inRequest(() => commitStockCount(count.id, { zeroUncounted: false, version: 2 }, null)),
    ).toEqual({ ok: false, reason: "stale" });
    expect(await reload(count)).toMatchObject({ status: "open", lines: 1 });

    expect(
      await db.inRequest(() => commitStockCount(count.id, { zeroUncounted: false, version: 1 }, null)),
    ).toMatchObject({ ok: true, count: { status: "committed" } });
    expect(await version(count.id)).toBe(2);
    // Naming the version read before the commit: stale; naming none: closed, as before.
    expect(await db.inRequest(() => cancelStockCount(count.id, 1))).toEqual({ ok: false, reason: "stale" });
    expect(await db.inRequest(() => cancelStockCount(count.id))).toEqual({
      ok: false,
      reason: "closed",
      status: "committed",
    });

    const other = await newCount();
    expect(await db.inRequest(() => cancelStockCount(other.id, 1))).toEqual({ ok: true });
    expect(await version(other.id)).toBe(2);
    expect(await reload(other)).toMatchObject({ status: "cancelled" });
  });
});

describe("what a count takes", () => {
  test("negative, fractional and absurd quantities are refused with a message; empty is a scan", () => {
    const quantity = (value: unknown) => {
      const parsed = scanSchema.safeParse({ code: "X", quantity: value });
      return parsed.success ? parsed.data.quantity : parsed.error.issues[0].message;
    };
    expect(quantity("")).toBeNull();
    expect(quantity(" 12 ")).toBe(12);
    expect(quantity("0")).toBe(0);
    expect(quantity("-3")).toBe("stock-count:errors.negative");
    expect(quantity("−3")).toBe("stock-count:errors.negative");
    expect(quantity("2,5")).toBe("stock-count:errors.quantity");
    expect(quantity("abc")).toBe("stock-count:errors.quantity");
    expect(quantity("6417000012345")).toBe("stock-count:errors.looksLikeCode");
    expect(quantity("100001")).toBe("stock-count:errors.tooMany");
    expect(scanSchema.safeParse({ code: " ", quantity: "" }).error?.issues[0].message).toBe(
      "stock-count:errors.code",
    );
    expect(setLineSchema.safeParse({ productId: "3", quantity: "" }).error?.issues[0].message).toBe(
      "stock-count:errors.quantityRequired",
    );
    expect(newCountSchema.safeParse({ scope: "shelf", shelf: "" }).error?.issues[0]).toMatchObject({
      path: ["shelf"],
      message: "stock-count:errors.shelf",
    });
    expect(newCountSchema.parse({ scope: "shop", categoryId: "4", shelf: "A-1" })).toMatchObject({
      categoryId: null,
      shelf: null,
    });
  });

  test("a version is a whole number from 1 (a JSON number from the API, the hidden field's digits from a page) or none", () => {
    const api = (version: unknown) => {
      const parsed = commitSchema.safeParse({ version });
      return parsed.success ? parsed.data.version : parsed.error.issues[0].message;
    };
    const page = (version: unknown) => {
      const parsed = scanSchema.safeParse({ code: "X", version });
      return parsed.success ? parsed.data.version : parsed.error.issues[0].message;
    };
    expect([api(undefined), api(null), api(3), page(undefined), page(""), page(" 3 ")]).toEqual([
      null,
      null,
      3,
      null,
      null,
      3,
    ]);
    for (const bad of ["3", -1, 0, 1.5, 2_147_483_648, Number.POSITIVE_INFINITY, true, {}])
      expect(api(bad), String(bad)).toBe("stock-count:errors.version");
    for (const bad of ["abc", "-1", "0", "1e3", "99999999999", 3])
      expect(page(bad), String(bad)).toBe("stock-count:errors.version");
  });
});
