import { beforeEach, describe, expect, test } from "vitest";
import { testDatabase } from "../../../tests/setup/database";
import { listProducts } from "./product-reads.server";
import { productSchema } from "./product-schema";
import { createProduct, deleteProduct, updateProduct } from "./product-writes.server";

const db = testDatabase();

async function sql<T>(query: string, params: unknown[] = []) {
  return db.orm.em.fork().execute<T[]>(query, params);
}

async function create(name: string, sku: string) {
  const result = await db.inRequest(() =>
    createProduct(
      productSchema.parse({
        name,
        sku,
        brand: "Sony",
        purchasePrice: "100.00",
        sellingPrice: "150.00",
        stockLevel: 5,
        supplier: "Tech Data",
      }),
      null,
    ),
  );
  if (!result.ok) throw new Error(result.reason);
  return result.product;
}

const search = (text: string) =>
  db.inRequest(() => listProducts({ search: text, limit: 1, offset: 0 })).then((list) => list.total);

beforeEach(() => db.truncate("product", "category", "alert", "price_history"));

describe("a catalogue search's kept count", () => {
  test("is exact after every committed write of a product, matching or not", async () => {
    const first = await create("Studio Monitor A", "SM-A");
    await create("Studio Monitor B", "SM-B");
    const other = await create("Headphones", "HP-1");
    expect(await search("studio")).toBe(2);
    expect(await search("studio")).toBe(2);
    // A product renamed into the search: one more.
    const renamed = await db.inRequest(() =>
      updateProduct(
        other.id,
        productSchema.parse({
          name: "Studio Headphones",
          sku: "HP-1",
          brand: "Sony",
          purchasePrice: "100.00",
          sellingPrice: "150.00",
          stockLevel: 5,
          supplier: "Tech Data",
          version: other.version,
        }),
        null,
      ),
    );
    expect(renamed.ok).toBe(true);
    expect(await search("studio")).toBe(3);
    await create("Studio Desk", "SD-1");
    expect(await search("studio")).toBe(4);
    // Deleted through the write path, which removes its opening stock movement with it.
    expect(await db.inRequest(() => deleteProduct(first.id))).toEqual({ ok: true });
    expect(await search("studio")).toBe(3);
  });

  test("is kept once per search, stamped with the catalogue's changes, and read while the stamp holds", async () => {
    await create("Studio Monitor", "SM-1");
    expect(await search("studio")).toBe(1);
    const [kept] = await sql<{ key: string; stamp: string; value: { total: number } }>(
      "select key, stamp, value from catalogue_figure",
    );
    expect(kept.key).toContain('"search":"studio"');
    expect(kept.value).toEqual({ total: 1 });
    const [{ stamp }] = await sql<{ stamp: string }>(
      "select sum(changes)::bigint as stamp from catalogue_summary",
    );
    expect(kept.stamp).toBe(stamp);
    // While the stamp holds, the kept figure is the answer (here a planted one: proof it is read) ...
    await sql(`update catalogue_figure set value = '{"total": 41}'`);
    expect(await search("studio")).toBe(41);
    // ... and once any product is written, it is counted again.
    await create("Mixer", "MX-1");
    expect(await search("studio")).toBe(1);
  });

  test("is not kept for a search within a category or for a plain list", async () => {
    await create("Studio Monitor", "SM-1");
    expect(
      (await db.inRequest(() => listProducts({ search: "studio", categoryId: 999, limit: 1, offset: 0 })))
        .total,
    ).toBe(0);
    expect((await db.inRequest(() => listProducts({ limit: 1, offset: 0 }))).total).toBe(1);
    expect(await sql("select * from catalogue_figure")).toEqual([]);
  });
});
