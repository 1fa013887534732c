import { beforeEach, describe, expect, test } from "vitest";
import { productSchema } from "~/models/product/product-schema";
import { createProduct, deleteProduct, updateProduct } from "~/models/product/product-writes.server";
import { testDatabase } from "../../../tests/setup/database";
import { getDashboardStats, inventoryValueByRootCategory, marginDistribution } from "./dashboard.server";

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

/** The figures as a full count of the catalogue would give them: what the kept totals must equal. */
async function recounted() {
  const [row] = await db.orm.em.fork().execute<Record<string, unknown>[]>(
    `select count(*)::int as "totalProducts",
       coalesce(round(avg(margin_percent), 1), 0)::float as "avgMargin",
       (count(*) filter (where stock_level <= 10))::int as "lowStockCount",
       (count(*) filter (where margin_category = 'low'))::int as "lowMarginCount",
       coalesce(sum(selling_price * stock_level), 0)::numeric(20,2)::text as "inventoryValue",
       round(coalesce(sum(round(case when vat_inclusive then purchase_price / (1 + vat_rate / 100)
         else purchase_price end * stock_level, 6)), 0), 2)::numeric(20,2)::text as "inventoryValueAtCost"
     from product`,
  );
  // Nothing is in transit between locations here (issue #32): the whole value is what is on hand.
  return {
    ...row,
    inTransitUnits: 0,
    inTransitValue: "0.00",
    inTransitValueAtCost: "0.00",
    totalValue: row.inventoryValue,
    totalValueAtCost: row.inventoryValueAtCost,
  };
}

describe("kept totals", () => {
  test("stay exact through many writes at once: creations, changes of price, stock and category, deletions", async () => {
    const em = db.orm.em.fork();
    const categories = await em.execute<{ id: number }[]>(
      "insert into category (name) select 'C' || i from generate_series(1, 4) as i returning id",
    );
    const category = (i: number) => (i % 5 === 0 ? null : categories[i % 4].id);
    await Promise.all(
      Array.from({ length: 40 }, (_, i) => product(`K-${i}`, `${50 + i}.00`, "100.00", i % 15, category(i))),
    );
    const ids = (await em.execute<{ id: number }[]>("select id from product order by id")).map((r) => r.id);
    const change = (id: number, i: number) =>
      db.inRequest(() =>
        updateProduct(
          id,
          productSchema.parse({
            name: `K ${i}`,
            sku: `K-${i}`,
            brand: "B",
            supplier: "S",
            purchasePrice: `${(i * 7) % 120}.50`,
            sellingPrice: "110.00",
            vatInclusive: i % 2 === 0,
            vatRate: ["25.5", "13.5", "10", "0"][i % 4],
            stockLevel: (i * 3) % 20,
            categoryId: category(i + 1),
          }),
          null,
        ),
      );
    await Promise.all([
      ...ids.slice(0, 30).map((id, i) => change(id, i)),
      ...ids.slice(0, 30).map((id, i) => change(id, i + 1)),
      ...ids.slice(30).map((id) => db.inRequest(() => deleteProduct(id))),
      ...Array.from({ length: 10 }, (_, i) => product(`L-${i}`, "10.00", "12.00", i, category(i))),
    ]);
    expect(await db.inRequest(() => getDashboardStats())).toEqual(await recounted());
    const byCategory = await db.inRequest(() => inventoryValueByRootCategory());
    const [{ value }] = await em.execute<{ value: string }[]>(
      "select coalesce(sum(selling_price * stock_level), 0)::numeric(20,2)::text as value from product",
    );
    expect(byCategory.reduce((sum, c) => sum + Number(c.value), 0).toFixed(2)).toBe(value);
  });

  test("a truncated catalogue has zero totals", async () => {
    await product("T", "1.00", "2.00", 1);
    await db.truncate("product");
    expect(await db.inRequest(() => getDashboardStats())).toMatchObject({
      totalProducts: 0,
      lowStockCount: 0,
    });
  });
});

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
      // Purchase prices include 25.5 % VAT: (80 x 3 + 95 x 50 + 150 x 10) / 1.255.
      inventoryValueAtCost: "5171.31",
      inTransitUnits: 0,
      inTransitValue: "0.00",
      inTransitValueAtCost: "0.00",
      totalValue: (100 * 3 + 100 * 50 + 200 * 10).toFixed(2),
      totalValueAtCost: "5171.31",
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
      inventoryValueAtCost: "0.00",
      inTransitUnits: 0,
      inTransitValue: "0.00",
      inTransitValueAtCost: "0.00",
      totalValue: "0.00",
      totalValueAtCost: "0.00",
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
