import { beforeEach, describe, expect, test } from "vitest";
import { getProduct, listProducts } from "~/models/product/product-reads.server";
import { productSchema } from "~/models/product/product-schema";
import { createProduct, updateProduct } from "~/models/product/product-writes.server";
import { testDatabase } from "../../../tests/setup/database";
import {
  createSupplier,
  deleteSupplier,
  getSupplier,
  listSuppliers,
  supplierOptions,
  updateSupplier,
} from "./supplier.server";
import { supplierSchema } from "./supplier-schema";

const db = testDatabase();

const supplierInput = (overrides: Record<string, unknown> = {}) =>
  supplierSchema.parse({
    name: "Tech Data Finland",
    contactName: "Mikaela Nurmi",
    email: "Tilaukset@TechData.example.fi",
    leadTimeDays: "3",
    ...overrides,
  });

async function newSupplier(overrides: Record<string, unknown> = {}) {
  const result = await db.inRequest(() => createSupplier(supplierInput(overrides)));
  if (!result.ok) throw new Error(result.reason);
  return result.supplier;
}

let sku = 0;
const productInput = (overrides: Record<string, unknown> = {}) =>
  productSchema.parse({
    name: "ThinkPad E14",
    sku: `LEN-${++sku}`,
    brand: "Lenovo",
    purchasePrice: "600.00",
    sellingPrice: "999.00",
    stockLevel: 5,
    ...overrides,
  });

async function newProduct(overrides: Record<string, unknown> = {}) {
  const result = await db.inRequest(() => createProduct(productInput(overrides), null));
  if (!result.ok) throw new Error(result.reason);
  return result.product;
}

async function supplierNames() {
  const rows = await db.orm.em.fork().execute<{ name: string }[]>("select name from supplier order by id");
  return rows.map((row) => row.name);
}

beforeEach(() => db.truncate("supplier", "product", "alert", "price_history"));

describe("the supplier write path", () => {
  test("creates a supplier with its contact and lead time; the e-mail is kept in lower case", async () => {
    const supplier = await newSupplier();
    expect(supplier).toMatchObject({
      name: "Tech Data Finland",
      contactName: "Mikaela Nurmi",
      email: "tilaukset@techdata.example.fi",
      phone: null,
      leadTimeDays: 3,
      productCount: 0,
      version: 1,
    });
    expect(await newSupplier({ name: "Elko", leadTimeDays: "" })).toMatchObject({ leadTimeDays: 7 });
  });

  test("a name another supplier has, in any letter case, is refused on create and on change", async () => {
    const first = await newSupplier();
    const other = await newSupplier({ name: "Elko" });
    expect(await db.inRequest(() => createSupplier(supplierInput({ name: " TECH DATA finland " })))).toEqual({
      ok: false,
      reason: "nameTaken",
    });
    expect(await db.inRequest(() => updateSupplier(other.id, supplierInput({ name: first.name })))).toEqual({
      ok: false,
      reason: "nameTaken",
    });
    // Its own name in another letter case is no conflict.
    const renamed = await db.inRequest(() =>
      updateSupplier(first.id, supplierInput({ name: "TECH DATA Finland" })),
    );
    expect(renamed).toMatchObject({ ok: true, supplier: { name: "TECH DATA Finland", version: 2 } });
  });

  test("two suppliers of one name created at once: one is created, the other refused", async () => {
    const results = await Promise.all(
      ["Also Finland", "also finland", "ALSO FINLAND"].map((name) =>
        db.inRequest(() => createSupplier(supplierInput({ name }))),
      ),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.filter((r) => !r.ok).map((r) => !r.ok && r.reason)).toEqual(["nameTaken", "nameTaken"]);
    expect(await supplierNames()).toHaveLength(1);
  });

  test("a stale version is refused and changes nothing", async () => {
    const supplier = await newSupplier();
    const change = (overrides: Record<string, unknown>) =>
      db.inRequest(() => updateSupplier(supplier.id, supplierInput(overrides)));
    expect((await change({ leadTimeDays: 5, version: supplier.version })).ok).toBe(true);
    expect(await change({ leadTimeDays: 9, version: supplier.version })).toEqual({
      ok: false,
      reason: "stale",
    });
    expect(await db.inRequest(() => getSupplier(supplier.id))).toMatchObject({ leadTimeDays: 5, version: 2 });
    expect(await db.inRequest(() => updateSupplier(999_999, supplierInput()))).toEqual({
      ok: false,
      reason: "notFound",
    });
  });

  test("a lead time must be whole days from 0 to 365", () => {
    for (const bad of ["-1", "366", "1.5", "abc", 1000])
      expect(supplierSchema.safeParse({ name: "X", leadTimeDays: bad }).success, String(bad)).toBe(false);
    expect(supplierSchema.parse({ name: "X", leadTimeDays: "0" }).leadTimeDays).toBe(0);
    expect(supplierSchema.parse({ name: "X", leadTimeDays: 365 }).leadTimeDays).toBe(365);
  });

  test("a supplier with products is not deleted; without them it is", async () => {
    const supplier = await newSupplier();
    const product = await newProduct({ supplier: supplier.name });
    await newProduct({ supplier: supplier.name });
    expect(await db.inRequest(() => deleteSupplier(supplier.id))).toEqual({
      ok: false,
      reason: "inUse",
      productCount: 2,
    });
    expect(await db.inRequest(() => getSupplier(supplier.id))).toMatchObject({ productCount: 2 });
    await db.orm.em.fork().execute("delete from stock_movement; delete from product");
    expect(await db.inRequest(() => deleteSupplier(supplier.id))).toEqual({ ok: true });
    expect(await db.inRequest(() => deleteSupplier(supplier.id))).toEqual({ ok: false, reason: "notFound" });
    expect(product.supplierId).toBe(supplier.id);
  });

  test("a delete and a product naming the supplier at once: either the product gets the supplier or the delete wins and the product names a new one", async () => {
    for (let round = 0; round < 5; round++) {
      await db.truncate("supplier", "product");
      const supplier = await newSupplier({ name: "Elko" });
      const [deleted, product] = await Promise.all([
        db.inRequest(() => deleteSupplier(supplier.id)),
        newProduct({ supplier: "elko" }),
      ]);
      const now = await db.inRequest(() => getProduct(product.id));
      if (deleted.ok) expect(now?.supplierId).not.toBe(supplier.id);
      else expect(now?.supplierId).toBe(supplier.id);
      expect(now?.supplier).toMatch(/^elko$/i);
    }
  });

  test("lists suppliers by name, searched by name, contact or e-mail, a page at a time, with their product counts", async () => {
    await newSupplier();
    await newSupplier({ name: "elko", contactName: "Tommi Lindholm", email: "sales@elko.example.fi" });
    await newSupplier({ name: "Ingram Micro", contactName: null, email: null });
    await newProduct({ supplier: "Elko" });
    const all = await db.inRequest(() => listSuppliers({ limit: 25, offset: 0 }));
    expect(all.total).toBe(3);
    expect(all.suppliers.map((s) => [s.name, s.productCount])).toEqual([
      ["elko", 1],
      ["Ingram Micro", 0],
      ["Tech Data Finland", 0],
    ]);
    const page = await db.inRequest(() => listSuppliers({ limit: 1, offset: 1 }));
    expect(page).toMatchObject({ total: 3, suppliers: [{ name: "Ingram Micro" }] });
    for (const search of ["LINDHOLM", "sales@elko", "Elk"]) {
      const found = await db.inRequest(() => listSuppliers({ search, limit: 25, offset: 0 }));
      expect(
        found.suppliers.map((s) => s.name),
        search,
      ).toEqual(["elko"]);
    }
    const none = await db.inRequest(() => listSuppliers({ search: "100%_", limit: 25, offset: 0 }));
    expect(none).toEqual({ suppliers: [], total: 0 });
    expect((await db.inRequest(() => supplierOptions())).map((o) => o.name)).toEqual([
      "elko",
      "Ingram Micro",
      "Tech Data Finland",
    ]);
  });
});

describe("products and their suppliers", () => {
  test("a product names its supplier: found in any letter case, or created; reads show its name and id", async () => {
    const supplier = await newSupplier();
    const same = await newProduct({ supplier: "  tech data FINLAND " });
    expect(same).toMatchObject({ supplier: "Tech Data Finland", supplierId: supplier.id });
    const created = await newProduct({ supplier: "Nordic Audio Oy" });
    expect(created.supplier).toBe("Nordic Audio Oy");
    expect(await db.inRequest(() => getSupplier(created.supplierId))).toMatchObject({
      name: "Nordic Audio Oy",
      leadTimeDays: 7,
      productCount: 1,
    });
    expect(await supplierNames()).toEqual(["Tech Data Finland", "Nordic Audio Oy"]);
  });

  test("many products naming one new supplier at once, in different letter cases, make one supplier", async () => {
    const names = ["Exertis Finland", "exertis finland", "EXERTIS FINLAND", "Exertis finland"];
    const products = await Promise.all(
      Array.from({ length: 12 }, (_, i) => newProduct({ supplier: names[i % names.length] })),
    );
    expect(await supplierNames()).toHaveLength(1);
    expect(new Set(products.map((p) => p.supplierId)).size).toBe(1);
  });

  test("a batch naming suppliers in both orders does not deadlock against another", async () => {
    const batch = (names: string[]) =>
      db.inRequest(() =>
        db.orm.em.fork().transactional(async (tx) => {
          const { createProducts } = await import("~/models/product/product-writes.server");
          return createProducts(
            tx,
            names.map((supplier) => productInput({ supplier })),
            null,
          );
        }),
      );
    const results = await Promise.all([
      batch(["Alpha", "Beta", "Gamma"]),
      batch(["gamma", "beta", "alpha"]),
      batch(["BETA", "Delta", "ALPHA"]),
    ]);
    expect(results.every((r) => r.ok)).toBe(true);
    expect((await supplierNames()).map((n) => n.toLowerCase()).sort()).toEqual([
      "alpha",
      "beta",
      "delta",
      "gamma",
    ]);
  });

  test("the API may name the supplier by id; an unknown id or an id of another supplier than the name is refused", async () => {
    const elko = await newSupplier({ name: "Elko" });
    const byId = await newProduct({ supplierId: elko.id });
    expect(byId).toMatchObject({ supplier: "Elko", supplierId: elko.id });
    const both = await newProduct({ supplierId: String(elko.id), supplier: "ELKO" });
    expect(both.supplierId).toBe(elko.id);
    expect(await db.inRequest(() => createProduct(productInput({ supplierId: 999_999 }), null))).toEqual({
      ok: false,
      reason: "unknownSupplier",
    });
    expect(
      await db.inRequest(() =>
        createProduct(productInput({ supplierId: elko.id, supplier: "Tech Data" }), null),
      ),
    ).toEqual({ ok: false, reason: "supplierMismatch" });
    expect(await supplierNames()).toEqual(["Elko"]);
    // A change may move the product to another supplier by either.
    const moved = await db.inRequest(() =>
      updateProduct(byId.id, productInput({ sku: byId.sku, supplier: "Also Finland" }), null),
    );
    expect(moved).toMatchObject({ ok: true, product: { supplier: "Also Finland" } });
    expect(
      productSchema.safeParse({ ...productInput({ supplier: "X" }), supplier: "", supplierId: null }).success,
    ).toBe(false);
  });

  test("the products list filters by supplier", async () => {
    const elko = await newSupplier({ name: "Elko" });
    await newProduct({ supplier: "Elko" });
    await newProduct({ supplier: "Elko" });
    await newProduct({ supplier: "Other" });
    const listed = await db.inRequest(() => listProducts({ supplierId: elko.id, limit: 25, offset: 0 }));
    expect(listed.total).toBe(2);
    expect(listed.products.every((p) => p.supplierId === elko.id)).toBe(true);
  });
});
