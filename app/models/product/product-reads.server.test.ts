import { beforeEach, describe, expect, test } from "vitest";
import { testDatabase } from "../../../tests/setup/database";
import { findProductByCode, listProducts } from "./product-reads.server";
import { productSchema } from "./product-schema";
import { createProduct, deleteProduct } from "./product-writes.server";

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

describe("the scanner", () => {
  test("finds a product by SKU, barcode or EAN in any letter case, the one whose SKU it is first", async () => {
    const byBarcode = await create({ sku: "A1", barcode: "O'Neil\\7" });
    const bySku = await create({ sku: "o'neil\\7" });
    const byEan = await create({ sku: "A3", ean: "4006381333931" });
    const found = (code: string) => db.inRequest(async () => (await findProductByCode(code))?.id ?? null);
    expect(await found("O'NEIL\\7")).toBe(bySku.id);
    expect(await found("4006381333931")).toBe(byEan.id);
    expect(await found("a1")).toBe(byBarcode.id);
    expect(await found("O'Neil")).toBeNull();
    await db.inRequest(() => deleteProduct(bySku.id));
    expect(await found("o'neil\\7")).toBe(byBarcode.id);
  });
});
