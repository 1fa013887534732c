import { describe, expect, test } from "vitest";
import { isValidEan } from "~/models/ean";
import { productSchema } from "~/models/product/product-schema";
import { importProducts } from "~/models/product/product-writes.server";
import { testDatabase } from "../../tests/setup/database";
import { seedBenchData, seedLabelProducts } from "./bench.server";
import { BENCH_IMPORT_SKU_PREFIX } from "./bench-import";

const db = testDatabase();

async function sql<T>(query: string, params: unknown[] = []) {
  return db.orm.em.fork().execute<T[]>(query, params);
}

describe("the benchmark's data", () => {
  test("is topped up to its size through the write paths, and a run's imported products are gone by the next", async () => {
    const size = { products: 30, categories: 12, customers: 40, orders: 10, locations: 4 };
    expect(await seedBenchData(db.orm.em.fork(), size)).toMatchObject({ ...size, "stock rows": 120 });
    // Groups of a top-level category and four subcategories: 1 + 4, 1 + 4, 1 + 1.
    expect(await sql("select count(*)::int as roots from category where parent_id is null")).toEqual([
      { roots: 3 },
    ]);
    // Every fifth customer is a business, with its company.
    expect(
      await sql(
        "select customer_type, count(*)::int as n, count(company)::int as companies from customer group by customer_type order by customer_type",
      ),
    ).toEqual([
      { customer_type: "business", n: 8, companies: 8 },
      { customer_type: "retail", n: 32, companies: 0 },
    ]);

    // What the benchmark's timed import adds: products without stock, on no document.
    const imported = Array.from({ length: 3 }, (_, i) =>
      productSchema.parse({
        name: `Bench import ${i}`,
        sku: `${BENCH_IMPORT_SKU_PREFIX}TEST-${i}`,
        brand: "Benchbrand",
        purchasePrice: "49.90",
        sellingPrice: "99.90",
        supplier: "Bench supplier",
      }),
    );
    expect(await db.inRequest(() => importProducts(imported, null))).toEqual({ ok: true, count: 3 });
    expect(await seedBenchData(db.orm.em.fork(), size)).toMatchObject({ ...size, "stock rows": 120 });
    expect(await sql("select count(*)::int as n from product where sku like 'IMP-%'")).toEqual([{ n: 0 }]);
    // Each product is stocked in every location through the ledger (issue #32), once: its total
    // is the sum of its places, and the second run received nothing more.
    expect(
      await sql(`select count(*)::int as n from product p
        where p.stock_level <> (select sum(s.quantity) from product_stock s where s.product_id = p.id)
           or (select count(*) from product_stock s where s.product_id = p.id and s.quantity > 0) <> 4`),
    ).toEqual([{ n: 0 }]);
    expect(
      await sql(
        "select count(*)::int as n from stock_movement where reason = 'receipt' and note = 'Benchmark stock'",
      ),
    ).toEqual([{ n: 90 }]);
    expect(await sql("select count(*)::int as n from price_history")).toEqual([{ n: 30 }]);
  });

  test("the label print's products have an EAN, some in a running campaign, and a second run adds nothing", async () => {
    await seedBenchData(db.orm.em.fork(), {
      products: 30,
      categories: 12,
      customers: 40,
      orders: 10,
      locations: 1,
    });
    const ids = await seedLabelProducts(db.orm.em.fork(), 10, 3);
    expect(new Set(ids).size).toBe(10);
    const rows = await sql<{ id: number; ean: string; campaigns: number }>(
      `select p.id, p.ean, (select count(*)::int from campaign_product cp join campaign c on c.id = cp.campaign_id
          where cp.product_id = p.id and c.name = 'Bench labels') as campaigns
         from product p where p.id in (?)`,
      [ids],
    );
    expect(rows.every((row) => isValidEan(row.ean))).toBe(true);
    const campaigned = rows.filter((row) => row.campaigns > 0).map((row) => row.id);
    expect(campaigned).toHaveLength(3);
    expect(ids.slice(0, 3).sort()).toEqual(campaigned.sort());
    expect(await seedLabelProducts(db.orm.em.fork(), 10, 3)).toEqual(ids);
    expect(await sql("select count(*)::int as n from campaign where name = 'Bench labels'")).toEqual([
      { n: 1 },
    ]);
  });
});
