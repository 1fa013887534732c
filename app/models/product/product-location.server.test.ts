import { beforeEach, expect, test } from "vitest";
import { checkImportFile, claimImport, getImportJob, runImport } from "~/models/import/import-job.server";
import { testDatabase } from "../../../tests/setup/database";
import { createProduct, getProduct, updateProduct } from "./product.server";
import { productSchema } from "./product-schema";

/**
 * A product's location (a shelf or bin, issue #15: a stock count may cover one shelf): set by the
 * form, the API and the import; a change that names none keeps it, an empty one clears it.
 */
const db = testDatabase();

const fields = {
  name: "Anker Nano 20W",
  sku: "LOC-1",
  brand: "Anker",
  purchasePrice: "9.00",
  sellingPrice: "19.90",
  stockLevel: 4,
  supplier: "Tech Data",
};

async function location(id: number) {
  return (await db.inRequest(() => getProduct(id)))?.location;
}

beforeEach(() => db.truncate("product", "price_history", "alert", "stock_movement", "import_job", "user"));

test("a change without a location keeps it; an empty one clears it; it is at most 50 characters", async () => {
  const made = await db.inRequest(() =>
    createProduct(productSchema.parse({ ...fields, location: " A-12 " }), null),
  );
  if (!made.ok) throw new Error(made.reason);
  expect(made.product.location).toBe("A-12");
  await db.inRequest(() =>
    updateProduct(made.product.id, productSchema.parse({ ...fields, name: "Renamed" }), null),
  );
  expect(await location(made.product.id)).toBe("A-12");
  await db.inRequest(() =>
    updateProduct(made.product.id, productSchema.parse({ ...fields, location: "" }), null),
  );
  expect(await location(made.product.id)).toBeNull();
  expect(productSchema.safeParse({ ...fields, location: "x".repeat(51) }).error?.issues[0]).toMatchObject({
    path: ["location"],
    message: "validation.tooLong",
  });
});

test("the import sets a location from its Location column and keeps it in a file without the column", async () => {
  const [{ id: userId }] = await db.orm.em
    .fork()
    .execute<{ id: number }[]>(
      `insert into "user" (email, password, role) values ('loc@example.fi', 'x', 'manager') returning id`,
    );
  const made = await db.inRequest(() => createProduct(productSchema.parse(fields), null));
  if (!made.ok) throw new Error(made.reason);
  const run = async (text: string) => {
    const checked = await db.inRequest(() => checkImportFile({ text, fileName: "catalogue.csv", userId }));
    if (!checked.ok) throw new Error(JSON.stringify(checked.error));
    const job = await db.inRequest(() => getImportJob(checked.id));
    // Only an import with something to write is started.
    if (job?.counts.update) {
      expect(await db.inRequest(() => claimImport(checked.id, userId))).toBe(true);
      await runImport(db.orm, checked.id);
    }
    return job;
  };
  const first = await run("sku,location\nLOC-1,b-7\n");
  expect(first?.counts).toMatchObject({ update: 1, error: 0 });
  expect(await location(made.product.id)).toBe("b-7");
  const second = await run("sku,stockLevel\nLOC-1,4\n");
  expect(second?.counts).toMatchObject({ update: 0, unchanged: 1, error: 0 });
  expect(await location(made.product.id)).toBe("b-7");
});
