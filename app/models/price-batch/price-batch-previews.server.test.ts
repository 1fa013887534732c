import { expect, test } from "vitest";
import { productSchema } from "~/models/product/product-schema";
import { createProduct } from "~/models/product/product-writes.server";
import { testDatabase } from "../../../tests/setup/database";
import { applyPriceBatch, previewPriceBatch } from "./price-batch.server";
import { deleteOldPreviews } from "./price-batch-previews.server";
import { previewRequestOf, repriceSchema } from "./price-batch-schema";

const db = testDatabase();

const sql = <T>(query: string, params: unknown[] = []) => db.orm.em.fork().execute<T[]>(query, params);

async function preview() {
  const parsed = repriceSchema.safeParse({ scope: "filters", rounding: "none", rule: "percent", value: "5" });
  if (!parsed.success) throw new Error(JSON.stringify(parsed.error.issues));
  const made = await db.inRequest(() => previewPriceBatch(previewRequestOf(parsed.data), null));
  if (!made.ok) throw new Error(made.reason);
  return made.id;
}

test("previews nobody applied go after a week with their lines; applied batches stay", async () => {
  const made = await db.inRequest(() =>
    createProduct(
      productSchema.parse({
        name: "Cable",
        sku: "C-1",
        brand: "Anker",
        purchasePrice: "5.00",
        sellingPrice: "10.00",
        stockLevel: 1,
        supplier: "Tech Data",
      }),
      null,
    ),
  );
  if (!made.ok) throw new Error(made.reason);
  const [fresh, stale, applied] = [await preview(), await preview(), await preview()];
  expect(await db.inRequest(() => applyPriceBatch(applied, null))).toMatchObject({ ok: true });
  await sql("update price_batch set created_at = now() - interval '8 days' where id in (?, ?)", [
    stale,
    applied,
  ]);

  expect(await deleteOldPreviews(db.orm.em.fork())).toBe(1);
  const batches = await sql<{ id: number }>("select id from price_batch order by id");
  expect(batches.map((row) => row.id)).toEqual([fresh, applied]);
  const lines = await sql<{ batch_id: number }>(
    "select distinct batch_id from price_batch_line order by batch_id",
  );
  expect(lines.map((row) => row.batch_id)).toEqual([fresh, applied]);
});
