import { beforeEach, describe, expect, test } from "vitest";
import { testDatabase } from "../../tests/setup/database";
import { getDashboardStats, inventoryValueByRootCategory, marginDistribution } from "./dashboard.server";
import { createProduct } from "./product.server";
import { productSchema } from "./product-schema";

const db = testDatabase();

async function product(
  sku: string,
  purchase: string,
  selling: string,
  stock: number,
  categoryId: number | null = null,
) {
  const input = productSchema.parse({
    name: sku,
    sku,
    brand: "B",
    supplier: "S",
    purchasePrice: purchase,
    sellingPrice: selling,
    stockLevel: stock,
    categoryId,
  });
  const result = await db.inRequest(() => createProduct(input, null));
  if (!result.ok) throw new Error(result.reason);
}

beforeEach(() => db.truncate("product", "category", "alert", "price_history"));

describe("dashboard figures", () => {
  test("equal what the rows add up to", async () => {
    await product("A", "80.00", "100.00", 3); // 20 %
    await product("B", "95.00", "100.00", 50); // 5 %
    await product("C", "150.00", "200.00", 10); // 25 %
    const stats = await db.inRequest(() => getDashboardStats());
    expect(stats).toEqual({
      totalProducts: 3,
      avgMargin: Number(((20 + 5 + 25) / 3).toFixed(1)),
      lowStockCount: 2,
      lowMarginCount: 1,
      inventoryValue: (100 * 3 + 100 * 50 + 200 * 10).toFixed(2),
    });
    expect(await db.inRequest(() => marginDistribution())).toEqual({ low: 1, medium: 0, high: 2 });
  });

  test("an empty catalogue gives zeros", async () => {
    expect(await db.inRequest(() => getDashboardStats())).toEqual({
      totalProducts: 0,
      avgMargin: 0,
      lowStockCount: 0,
      lowMarginCount: 0,
      inventoryValue: "0.00",
    });
  });

  test("inventory value by category counts subcategories in their top-level category", async () => {
    const em = db.orm.em.fork();
    const [root] = await em.execute<{ id: number }[]>(
      "insert into category (name) values ('Audio') returning id",
    );
    const [child] = await em.execute<{ id: number }[]>(
      "insert into category (name, parent_id) values ('Headphones', ?) returning id",
      [root.id],
    );
    await product("H", "10.00", "20.00", 5, child.id);
    await product("R", "10.00", "30.00", 1, root.id);
    await product("N", "10.00", "40.00", 1);
    expect(await db.inRequest(() => inventoryValueByRootCategory())).toEqual([
      { categoryId: root.id, name: "Audio", value: "130.00" },
      { categoryId: null, name: null, value: "40.00" },
    ]);
  });
});
