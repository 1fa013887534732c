import { beforeAll, describe, expect, test } from "vitest";
import { locationStockStatement } from "../../app/models/location/location-writes.server";
import { Product } from "../../app/models/product/product.entity";
import {
  type CountQuery,
  type ProductFilters,
  productCountQuery,
  productListQueries,
} from "../../app/models/product/product-reads.server";
import {
  locationFiguresStatement,
  locationListStatement,
} from "../../app/models/stock/location-stock.server";
import { reorderStatements } from "../../app/models/stock/reorder.server";
import { seedSyntheticProducts } from "../../app/seeders/seed.server";
import { testDatabase } from "../setup/database";

/**
 * Every catalogue list is served by an index (issue #10): with 100,000 products, the page query
 * of each filter and sort the screens use reads the product table through an index, never by a
 * sequential scan. The plans are the database's own (EXPLAIN); no timing is measured here.
 */
const db = testDatabase();

beforeAll(async () => {
  const em = db.orm.em.fork();
  await em.execute("insert into category (name) select 'Category ' || i from generate_series(1, 200) as i");
  await seedSyntheticProducts(em, 100_000);
}, 300_000);

/** The plan of a query builder's statement, as the page sends it: its SQL and its parameters. */
async function plan(query: Pick<CountQuery, "getKnexQuery">) {
  const { sql, bindings } = query.getKnexQuery().toSQL();
  const rows = await db.orm.em
    .fork()
    .execute<{ "QUERY PLAN": string }[]>(`explain ${sql}`, bindings as unknown[]);
  return rows.map((row) => row["QUERY PLAN"]).join("\n");
}

const page = { limit: 50, offset: 0 } as const;
const lists: Record<string, ProductFilters> = {
  "/products (newest first)": { ...page, sort: "newest" },
  "/products by name": { ...page, sort: "name" },
  "/products by name, descending": { ...page, sort: "name", direction: "desc" },
  "/products by price": { ...page, sort: "price" },
  "/products by margin": { ...page, sort: "margin" },
  "/products by margin, ascending": { ...page, sort: "margin", direction: "asc" },
  "/products by stock": { ...page, sort: "stock" },
  "/products searched": { ...page, search: "studio" },
  "/products of a category": { ...page, categoryId: 7 },
  "/products by status": { ...page, status: "eol" },
  "/products of a supplier": { ...page, supplierId: 2 },
  "/inventory low stock": { ...page, lowStock: true, sort: "stock", direction: "asc" },
  "/inventory low margin": { ...page, lowMargin: true, sort: "margin", direction: "asc" },
  "/inventory all": { ...page, sort: "name", direction: "asc" },
};

test("the check sees a sequential scan where one is (a sort no index serves)", async () => {
  // By brand: no index serves it (the supplier, sorted here before, is now an indexed reference).
  const byBrand = db.orm.em
    .fork()
    .createQueryBuilder(Product, "p")
    .select("id")
    .orderBy({ brand: "asc" })
    .limit(50);
  expect(await plan(byBrand)).toMatch(/Seq Scan on product/);
});

test("the kept totals count each list exactly as the products do", async () => {
  const em = db.orm.em.fork();
  for (const filters of Object.values(lists)) {
    const { count } = productListQueries(filters, em);
    const [kept] = await count.execute<{ total: number }[]>();
    const [counted] = await productCountQuery(filters, em).execute<{ total: number }[]>();
    expect(kept.total, JSON.stringify(filters)).toBe(counted.total);
  }
});

describe("with 100,000 products, no list reads the product table sequentially", () => {
  for (const [name, filters] of Object.entries(lists)) {
    test(name, async () => {
      const { rows, count } = productListQueries(filters, db.orm.em.fork());
      expect(await plan(rows)).not.toMatch(/Seq Scan on product/);
      expect(await plan(count)).not.toMatch(/Seq Scan on product/);
    });
  }
});

describe("with 100,000 products, the To reorder list finds its lines through its indexes", () => {
  const explain = async (statement: { sql: string; params: unknown[] }) => {
    const rows = await db.orm.em
      .fork()
      .execute<{ "QUERY PLAN": string }[]>(`explain ${statement.sql}`, statement.params);
    return rows.map((row) => row["QUERY PLAN"]).join("\n");
  };
  const defaults = { reorderPoint: 10, reorderQuantity: 10 };
  for (const [name, supplierId] of [
    ["every supplier", null],
    ["one supplier", 2],
  ] as const) {
    test(name, async () => {
      const { lines, groups } = reorderStatements({ supplierId, limit: 25, offset: 0 }, defaults);
      for (const statement of [lines, groups]) {
        const found = await explain(statement);
        expect(found).not.toMatch(/Seq Scan on product/);
        expect(found).toMatch(/product_reorder_default_index/);
        expect(found).toMatch(/product_reorder_own_index/);
      }
    });
  }
});

/**
 * By location (issue #32): 100,000 products in 20 locations (2,000,000 rows of product_stock, one
 * in 500 with a reorder point of its own there, under it), the To reorder list of one location
 * and of all, and a location's inventory tabs and dashboard figures, read product_stock through its
 * indexes, never whole.
 */
describe("with 100,000 products in 20 locations, the lists by location read product_stock through its indexes", () => {
  const locations: number[] = [];
  beforeAll(async () => {
    const em = db.orm.em.fork();
    await em.execute(
      "insert into location (name, kind) select 'Place ' || i, case when i = 1 then 'warehouse' else 'store' end from generate_series(1, 19) as i",
    );
    locations.push(
      ...(await em.execute<{ id: number }[]>("select id from location order by id")).map((r) => r.id),
    );
    // Quantities of 0 keep each product's total the sum over its locations (the commit's check).
    // 1,900,000 rows are written as a bulk load is: the indexes that are no constraint are built
    // again after the rows (the same definitions, read back from the catalogue), and the foreign
    // keys are not checked row by row (every row names a product and a location just read).
    // Written row by row, it took 37 s of the suite; the plans are the same either way.
    await em.transactional(async (tx) => {
      await tx.execute("set local session_replication_role = replica");
      const indexes = await tx.execute<{ name: string; definition: string }[]>(
        `select indexname as name, indexdef as definition from pg_indexes
         where tablename = 'product_stock'
           and indexname not in (select conname from pg_constraint where conrelid = 'product_stock'::regclass)`,
      );
      for (const index of indexes) await tx.execute(`drop index ${index.name}`);
      await tx.execute(
        `insert into product_stock (product_id, location_id, quantity, reorder_point)
         select p.id, l.id, 0, case when (p.id + l.id) % 500 = 0 then 5 end
         from product p cross join location l where not l.is_default`,
      );
      for (const index of indexes) await tx.execute(index.definition);
    });
    await em.execute("vacuum analyze product_stock");
  }, 600_000);
  const explain = async (statement: { sql: string; params: unknown[] }) => {
    const rows = await db.orm.em
      .fork()
      .execute<{ "QUERY PLAN": string }[]>(`explain ${statement.sql}`, statement.params);
    return rows.map((row) => row["QUERY PLAN"]).join("\n");
  };
  const defaults = { reorderPoint: 10, reorderQuantity: 10 };
  test("the To reorder list of one location, and across all", async () => {
    for (const locationId of [locations[3], null]) {
      const { lines, groups } = reorderStatements({ locationId, limit: 25, offset: 0 }, defaults);
      for (const statement of [lines, groups]) {
        const found = await explain(statement);
        expect(found).not.toMatch(/Seq Scan on (product|product_stock)\b/);
        expect(found).toMatch(locationId ? /product_stock_reorder_index/ : /product_stock_reorder_all_index/);
      }
    }
  });
  test("a location's inventory tabs, its page and its figures", async () => {
    // Each tab's page is read in its order from an index, not sorted from the location's 100,000
    // rows: the low stock by the location's quantities, all by the products' names.
    const tabIndex = {
      "low-stock": /product_stock_location_quantity_index/,
      "low-margin": /Index/,
      all: /product_name_lower_index/,
    };
    for (const tab of ["low-stock", "low-margin", "all"] as const) {
      const found = await explain(
        locationListStatement({ locationId: locations[3], tab, limit: 50, offset: 0 }, 10),
      );
      expect(found).not.toMatch(/Seq Scan on (product|product_stock)\b/);
      expect(found).toMatch(tabIndex[tab]);
    }
    // A location's page (/locations/:id): its products in stock by name, from the name index.
    const located = await explain(locationStockStatement(locations[0], { limit: 50, offset: 0 }));
    expect(located).not.toMatch(/Seq Scan on (product|product_stock)\b/);
    expect(located).toMatch(/product_name_lower_index/);
    // A location's figures value every row it holds: its rows by its index (the products it
    // carries are read as the planner likes, all of them when it carries the whole catalogue).
    expect(await explain(locationFiguresStatement(locations[3], 10))).not.toMatch(
      /Seq Scan on product_stock\b/,
    );
  });
});
