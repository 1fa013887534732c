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

  test("a duplicate SKU answers 409 on the sku field", async ({ request }) => {
    const data = base();
    expect((await request.post("/api/products", { data })).status()).toBe(201);
    const again = await request.post("/api/products", { data: { ...data, sku: data.sku.toLowerCase() } });
    expect(again.status()).toBe(409);
    expect((await again.json()).errors.sku[0]).toBe("Another product already has this SKU");
    expect((await (await request.get(`/api/products?search=${data.sku}`)).json()).total).toBe(1);
  });
});
