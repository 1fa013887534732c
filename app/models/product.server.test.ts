import { beforeEach, describe, expect, test } from "vitest";
import { testDatabase } from "../../tests/setup/database";
import {
  createProduct,
  deleteProduct,
  listPriceHistory,
  listProducts,
  updateProduct,
} from "./product.server";
import { productSchema } from "./product-schema";

const db = testDatabase();

function input(overrides: Record<string, unknown> = {}) {
  return productSchema.parse({
    name: "ThinkPad E14",
    sku: "LEN-E14",
    brand: "Lenovo",
    purchasePrice: "600.00",
    sellingPrice: "999.00",
    stockLevel: 25,
    supplier: "Tech Data",
    ...overrides,
  });
}

async function sql<T>(query: string, params: unknown[] = []) {
  return db.orm.em.fork().execute<T[]>(query, params);
}

async function create(overrides: Record<string, unknown> = {}) {
  const result = await db.inRequest(() => createProduct(input(overrides), null));
  if (!result.ok) throw new Error(result.reason);
  return result.product;
}

beforeEach(() => db.truncate("product", "category", "alert", "price_history"));

describe("creating and editing products", () => {
  test("a new product gets its first price history row with its margin", async () => {
    const product = await create();
    const history = await db.inRequest(() => listPriceHistory(product.id));
    expect(history).toHaveLength(1);
    // 39.939...: rounded once, to the one decimal the product shows, not 39.94 read back as 39.9.
    expect(history[0]).toMatchObject({ purchasePrice: "600.00", sellingPrice: "999.00", margin: "39.90" });
  });

  test("a history row and the product show the same margin (one rounding)", async () => {
    // 31.546...% would be 31.55 stored to two decimals and shown as 31.6 while the product shows 31.5.
    const product = await create({ purchasePrice: "150.05", sellingPrice: "219.20" });
    const history = await db.inRequest(() => listPriceHistory(product.id));
    expect(product.margin).toBe(31.5);
    expect(history[0].margin).toBe("31.50");
  });

  test("changing a price adds a history row; changing only the stock does not", async () => {
    const product = await create();
    await db.inRequest(() => updateProduct(product.id, input({ stockLevel: 30 }), null));
    await db.inRequest(() =>
      updateProduct(product.id, input({ stockLevel: 30, sellingPrice: "949,00" }), null),
    );
    const history = await db.inRequest(() => listPriceHistory(product.id));
    expect(history.map((h) => h.sellingPrice)).toEqual(["999.00", "949.00"]);
  });

  test("a stale version is refused and nothing is overwritten", async () => {
    const product = await create();
    await db.inRequest(() =>
      updateProduct(product.id, input({ name: "First edit", version: product.version }), null),
    );
    const stale = await db.inRequest(() =>
      updateProduct(product.id, input({ name: "Second edit", version: product.version }), null),
    );
    expect(stale).toEqual({ ok: false, reason: "stale" });
    const [row] = await sql<{ name: string }>("select name from product where id = ?", [product.id]);
    expect(row.name).toBe("First edit");
  });

  test("a duplicate SKU (any letter case) and an unknown category are refused", async () => {
    await create();
    expect(await db.inRequest(() => createProduct(input({ sku: "len-e14" }), null))).toEqual({
      ok: false,
      reason: "skuTaken",
    });
    expect(await db.inRequest(() => createProduct(input({ sku: "OTHER", categoryId: 9999 }), null))).toEqual({
      ok: false,
      reason: "unknownCategory",
    });
    expect((await sql("select id from product")).length).toBe(1);
  });
});

describe("alerts raised on change", () => {
  test("stock falling to 10 or below raises one low_stock alert, however often it falls", async () => {
    const product = await create();
    await db.inRequest(() => updateProduct(product.id, input({ stockLevel: 3 }), null));
    await db.inRequest(() => updateProduct(product.id, input({ stockLevel: 20 }), null));
    await db.inRequest(() => updateProduct(product.id, input({ stockLevel: 2 }), null));
    const alerts = await sql<{ type: string; message: string }>(
      "select type, message from alert where product_id = ?",
      [product.id],
    );
    expect(alerts).toHaveLength(1);
    expect(alerts[0].type).toBe("low_stock");
    expect(alerts[0].message).toContain("2 in stock");
  });

  test("a margin under 10 % raises low_margin and a status change raises product_status", async () => {
    const product = await create();
    await db.inRequest(() =>
      updateProduct(product.id, input({ purchasePrice: "950.00", status: "eol" }), null),
    );
    const types = (await sql<{ type: string }>("select type from alert order by type")).map((a) => a.type);
    expect(types).toEqual(["low_margin", "product_status"]);
  });
});

describe("the catalogue list", () => {
  test("search matches name, SKU, brand and EAN; category includes subcategories; status filters", async () => {
    const [parent] = await sql<{ id: number }>(
      "insert into category (name) values ('Computers') returning id",
    );
    const [child] = await sql<{ id: number }>(
      "insert into category (name, parent_id) values ('Laptops', ?) returning id",
      [parent.id],
    );
    await create({ sku: "A1", name: "Galaxy Tab", brand: "Samsung", ean: "4006381333931" });
    await create({ sku: "A2", name: "ThinkPad", brand: "Lenovo", categoryId: child.id });
    await create({ sku: "A3", name: "Old Phone", brand: "Nokia", status: "eol" });
    const names = async (filters: Parameters<typeof listProducts>[0]) =>
      (await db.inRequest(() => listProducts(filters))).products.map((p) => p.name).sort();
    const page = { limit: 50, offset: 0 };
    expect(await names({ ...page, search: "samsung" })).toEqual(["Galaxy Tab"]);
    expect(await names({ ...page, search: "4006381" })).toEqual(["Galaxy Tab"]);
    expect(await names({ ...page, search: "a2" })).toEqual(["ThinkPad"]);
    expect(await names({ ...page, categoryId: parent.id })).toEqual(["ThinkPad"]);
    expect(await names({ ...page, status: "eol" })).toEqual(["Old Phone"]);
    expect(await names({ ...page, search: "100%" })).toEqual([]);
  });

  test("pages carry the total, with the category name and margin of each row", async () => {
    for (let i = 0; i < 7; i++) await create({ sku: `S${i}`, name: `Item ${i}` });
    const result = await db.inRequest(() => listProducts({ limit: 5, offset: 5, sort: "name" }));
    expect(result.total).toBe(7);
    expect(result.products.map((p) => p.name)).toEqual(["Item 5", "Item 6"]);
    expect(result.products[0]).toMatchObject({ margin: 39.9, marginCategory: "high", categoryName: null });
  });

  test("sorting by margin orders by the same formula as the margin module", async () => {
    await create({ sku: "M1", name: "Mid", purchasePrice: "85.00", sellingPrice: "100.00" });
    await create({ sku: "M2", name: "Low", purchasePrice: "95.00", sellingPrice: "100.00" });
    await create({ sku: "M3", name: "High", purchasePrice: "50.00", sellingPrice: "100.00" });
    const result = await db.inRequest(() =>
      listProducts({ limit: 10, offset: 0, sort: "margin", direction: "asc" }),
    );
    expect(result.products.map((p) => p.name)).toEqual(["Low", "Mid", "High"]);
  });
});

describe("deleting", () => {
  test("a product on an order cannot be deleted; another can", async () => {
    const used = await create({ sku: "USED" });
    const free = await create({ sku: "FREE" });
    const [order] = await sql<{ id: number }>(
      "insert into sales_order (order_number) values ('SO-1') returning id",
    );
    await sql(
      "insert into sales_order_item (order_id, product_id, quantity, unit_price, total_price) values (?, ?, 1, 1, 1)",
      [order.id, used.id],
    );
    expect(await db.inRequest(() => deleteProduct(used.id))).toEqual({ ok: false, reason: "inUse" });
    expect(await db.inRequest(() => deleteProduct(free.id))).toEqual({ ok: true });
    expect(await db.inRequest(() => deleteProduct(free.id))).toEqual({ ok: false, reason: "notFound" });
  });
});

describe("product input", () => {
  test.each([
    ["a negative price", { purchasePrice: "-1" }],
    ["three decimals", { sellingPrice: "9.999" }],
    ["a word as price", { sellingPrice: "abc" }],
    ["a selling price of zero", { sellingPrice: "0" }],
    ["stock -1", { stockLevel: -1 }],
    ["stock 1.5", { stockLevel: 1.5 }],
    ["an unknown status", { status: "sold" }],
    ["a 10,000-character name", { name: "x".repeat(10_000) }],
    ["a bad EAN check digit", { ean: "4006381333932" }],
    ["a missing name", { name: undefined }],
  ])("refuses %s", (_label, overrides) => {
    const parsed = productSchema.safeParse({
      name: "X",
      sku: "X",
      brand: "X",
      purchasePrice: "1",
      sellingPrice: "2",
      supplier: "X",
      ...overrides,
    });
    expect(parsed.success).toBe(false);
  });

  test("accepts a decimal comma and fills the defaults", () => {
    const parsed = productSchema.parse({
      name: "X",
      sku: "X",
      brand: "X",
      purchasePrice: "12,5",
      sellingPrice: 20,
      supplier: "X",
      ean: "",
      categoryId: "",
    });
    expect(parsed).toMatchObject({
      purchasePrice: "12.50",
      sellingPrice: "20.00",
      vatInclusive: true,
      stockLevel: 0,
      status: "active",
      ean: null,
      categoryId: null,
    });
  });
});
