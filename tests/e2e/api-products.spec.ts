import { createUser, expect, test, uniqueId } from "./fixtures";

test.describe("the products API", () => {
  const base = () => ({
    name: "API Product",
    sku: `API-${uniqueId()}`,
    brand: "Brand",
    purchasePrice: "10.00",
    sellingPrice: "19.90",
    supplier: "Supplier",
  });

  test.beforeEach(async ({ request }) => {
    const user = await createUser(request, "manager");
    await request.post("/api/auth/login", { data: { email: user.email, password: user.password } });
  });

  test("lists with limit, offset, search, category and status; empty values are skipped", async ({
    request,
  }) => {
    const page = await request.get("/api/products?limit=5&offset=0&search=&category=&status=");
    expect(page.status()).toBe(200);
    const body = await page.json();
    expect(body.products).toHaveLength(5);
    expect(body.total).toBeGreaterThanOrEqual(150);
    expect(typeof body.products[0].sellingPrice).toBe("string");
    expect(body.products[0]).toHaveProperty("categoryName");
    expect((await request.get("/api/products?limit=1001")).status()).toBe(400);
    expect((await request.get("/api/products?status=sold")).status()).toBe(400);
  });

  test("creates, reads, updates with its version and deletes; a stale version answers 409", async ({
    request,
  }) => {
    const created = await request.post("/api/products", { data: base() });
    expect(created.status()).toBe(201);
    const product = await created.json();
    expect(product).toMatchObject({
      purchasePrice: "10.00",
      sellingPrice: "19.90",
      status: "active",
      vatInclusive: true,
      stockLevel: 0,
    });

    const updated = await request.put(`/api/products/${product.id}`, {
      data: { ...base(), sku: product.sku, sellingPrice: "24,90", version: product.version },
    });
    expect(updated.status()).toBe(200);
    expect((await updated.json()).sellingPrice).toBe("24.90");

    const stale = await request.put(`/api/products/${product.id}`, {
      data: { ...base(), sku: product.sku, name: "Overwritten", version: product.version },
    });
    expect(stale.status()).toBe(409);
    expect((await (await request.get(`/api/products/${product.id}`)).json()).name).toBe("API Product");
    expect((await request.get("/api/products/abc")).status()).toBe(404);
  });

  const BAD: [string, Record<string, unknown>][] = [
    ["a missing required field", { name: undefined }],
    ["a negative price", { purchasePrice: "-1" }],
    ["a three-decimal price", { sellingPrice: "19.999" }],
    ['"abc" as price', { sellingPrice: "abc" }],
    ["stockLevel -1", { stockLevel: -1 }],
    ["stockLevel 1.5", { stockLevel: 1.5 }],
    ["an unknown status", { status: "sold" }],
    ["an unknown categoryId", { categoryId: 999999 }],
    ["a 10,000-character name", { name: "x".repeat(10_000) }],
    ["a bad EAN check digit", { ean: "4006381333932" }],
  ];

  for (const [label, change] of BAD) {
    test(`${label} answers 400 with a message and stores nothing`, async ({ request }) => {
      const data = { ...base(), ...change };
      const response = await request.post("/api/products", { data });
      expect(response.status()).toBe(400);
      expect(typeof (await response.json()).message).toBe("string");
      const found = await (await request.get(`/api/products?search=${data.sku}`)).json();
      expect(found.total).toBe(0);
    });
  }

  test("a bad unit or net quantity answers 400 naming its field, and stores nothing", async ({ request }) => {
    const json = (body: Record<string, unknown>) => JSON.stringify(body);
    const bad: [string, string][] = [
      ["unit", json({ unit: "mm", netQuantity: "5" })],
      ["netQuantity", json({ unit: "m", netQuantity: 0 })],
      ["netQuantity", json({ unit: "m", netQuantity: -1 })],
      ["netQuantity", json({ unit: "m", netQuantity: "abc" })],
      ["netQuantity", json({ unit: "kg", netQuantity: "1e309" })],
      // A JSON number too large for a double: JSON.parse makes it Infinity.
      ["netQuantity", json({ unit: "kg", netQuantity: 5 }).replace(":5}", ":1e309}")],
      ["netQuantity", json({ unit: "l", netQuantity: "0.1234567891" })],
      ["netQuantity", json({ unit: "m" })],
      ["unit", json({ netQuantity: "5" })],
    ];
    for (const [field, measure] of bad) {
      const data = base();
      const response = await request.post("/api/products", {
        headers: { "content-type": "application/json" },
        data: `${JSON.stringify(data).slice(0, -1)},${measure.slice(1)}`,
      });
      expect(response.status(), measure).toBe(400);
      expect(Object.keys((await response.json()).errors), measure).toEqual([field]);
      expect((await (await request.get(`/api/products?search=${data.sku}`)).json()).total).toBe(0);
    }
  });

  test("a product sold by measure: its unit and net quantity round-trip; a change without them keeps them", async ({
    request,
  }) => {
    const created = await request.post("/api/products", {
      data: { ...base(), sellingPrice: "14.90", unit: "m", netQuantity: "5" },
    });
    expect(created.status()).toBe(201);
    const product = await created.json();
    expect(product).toMatchObject({ unit: "m", netQuantity: "5" });
    expect(await (await request.get(`/api/products/${product.id}`)).json()).toMatchObject({
      unit: "m",
      netQuantity: "5",
    });
    const changed = await request.put(`/api/products/${product.id}`, {
      data: { ...base(), sku: product.sku, unit: "l", netQuantity: 0.75, version: product.version },
    });
    expect(changed.status()).toBe(200);
    const kept = await request.put(`/api/products/${product.id}`, {
      data: { ...base(), sku: product.sku, name: "Renamed" },
    });
    expect(await kept.json()).toMatchObject({ name: "Renamed", unit: "l", netQuantity: "0.75" });
    const cleared = await request.put(`/api/products/${product.id}`, {
      data: { ...base(), sku: product.sku, unit: null, netQuantity: null },
    });
    expect(await cleared.json()).toMatchObject({ unit: null, netQuantity: null });
  });

  test("a duplicate SKU answers 409 on the sku field", async ({ request }) => {
    const data = base();
    expect((await request.post("/api/products", { data })).status()).toBe(201);
    const again = await request.post("/api/products", { data: { ...data, sku: data.sku.toLowerCase() } });
    expect(again.status()).toBe(409);
    expect((await again.json()).errors.sku[0]).toBe("Another product already has this SKU");
    expect((await (await request.get(`/api/products?search=${data.sku}`)).json()).total).toBe(1);
  });
});
