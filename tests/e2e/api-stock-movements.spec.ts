import { createUser, expect, test, uniqueId } from "./fixtures";

test.describe("the stock movements API", () => {
  test.use({ role: "manager" });

  test("records movements, lists them newest first a page at a time, and refuses what it cannot do", async ({
    signedIn: { page },
  }) => {
    const api = page.request;
    const id = uniqueId().toUpperCase();
    const created = await api.post("/api/products", {
      data: {
        name: `API Ledger ${id}`,
        sku: `API-LEDGER-${id}`,
        brand: "Anker",
        purchasePrice: "4.00",
        sellingPrice: "12.90",
        supplier: "Tech Data",
        stockLevel: 10,
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    const product = await created.json();

    const receipt = await api.post("/api/stock-movements", {
      data: { productId: product.id, quantity: 5, reason: "receipt", note: "Delivery 4411" },
    });
    expect(receipt.status(), await receipt.text()).toBe(201);
    expect(await receipt.json()).toMatchObject({
      productId: product.id,
      quantity: 5,
      reason: "receipt",
      stockAfter: 15,
      note: "Delivery 4411",
      reference: null,
      userName: expect.stringContaining("Manager"),
    });
    const sale = await api.post("/api/stock-movements", {
      data: { productId: String(product.id), quantity: "-4", reason: "sale" },
    });
    expect(sale.status(), await sale.text()).toBe(201);
    expect((await (await api.get(`/api/products/${product.id}`)).json()).stockLevel).toBe(11);

    // Below zero: 409 naming the product, and nothing moves.
    const short = await api.post("/api/stock-movements", {
      data: { productId: product.id, quantity: -12, reason: "sale" },
    });
    expect(short.status()).toBe(409);
    expect(await short.json()).toEqual({
      message: `Not enough stock of API Ledger ${id} (API-LEDGER-${id}) in Main store: 11 there, 12 to take out`,
      errors: { quantity: ["There is not that much in stock"] },
    });

    // Bad input: 400 naming each field.
    const bad = await api.post("/api/stock-movements", {
      data: { productId: product.id, quantity: 0, reason: "opening", note: 7 },
    });
    expect(bad.status()).toBe(400);
    expect((await bad.json()).errors).toEqual({
      quantity: ["Enter a whole number other than 0, at most 1,000,000 either way"],
      reason: ["Choose a reason: receipt, sale, return, damage, count or adjustment"],
      note: [expect.any(String)],
    });
    const wrongWay = await api.post("/api/stock-movements", {
      data: { productId: product.id, quantity: 3, reason: "damage" },
    });
    expect(wrongWay.status()).toBe(400);
    expect((await wrongWay.json()).errors).toEqual({
      quantity: ["A sale or damage takes stock out: enter a negative quantity, e.g. -2"],
    });
    const noProduct = await api.post("/api/stock-movements", { data: { quantity: 1, reason: "count" } });
    expect(noProduct.status()).toBe(400);
    expect((await noProduct.json()).errors).toHaveProperty("productId");
    const notJson = await api.post("/api/stock-movements", {
      headers: { "content-type": "application/json" },
      data: "[1, 2]",
    });
    expect(notJson.status()).toBe(400);

    // An unknown product: 404, for a movement and for its ledger.
    const unknown = await api.post("/api/stock-movements", {
      data: { productId: 2147480000, quantity: 1, reason: "receipt" },
    });
    expect(unknown.status()).toBe(404);
    expect((await api.get("/api/products/2147480000/movements")).status()).toBe(404);

    // The ledger: newest first, its total, a page at a time.
    const all = await (await api.get(`/api/products/${product.id}/movements`)).json();
    expect(all.total).toBe(3);
    expect(
      all.movements.map((m: { reason: string; quantity: number; stockAfter: number }) => m.reason),
    ).toEqual(["sale", "receipt", "opening"]);
    const page2 = await (await api.get(`/api/products/${product.id}/movements?limit=2&offset=2`)).json();
    expect(page2).toMatchObject({
      total: 3,
      movements: [{ reason: "opening", quantity: 10, stockAfter: 10 }],
    });
    const badLimit = await api.get(`/api/products/${product.id}/movements?limit=0`);
    expect(badLimit.status()).toBe(400);
    expect((await badLimit.json()).errors).toEqual({
      limit: ["limit must be a whole number from 1 to 1000"],
    });

    // A product whose stock moved is kept with its ledger (an admin may not delete it either).
    const admin = await createUser(api, "admin");
    const adminLogin = await api.post("/api/auth/login", {
      data: { email: admin.email, password: admin.password },
    });
    expect(adminLogin.status()).toBe(200);
    const deleted = await api.delete(`/api/products/${product.id}`);
    expect(deleted.status()).toBe(409);
    expect((await deleted.json()).message).toContain("ledger is kept");
  });

  test("a salesperson reads the ledger but records nothing", async ({ signedIn: { page } }) => {
    const id = uniqueId().toUpperCase();
    const made = await page.request.post("/api/products", {
      data: {
        name: `API Ledger ${id}`,
        sku: `API-LEDGER-S-${id}`,
        brand: "Anker",
        purchasePrice: "4.00",
        sellingPrice: "12.90",
        supplier: "Tech Data",
        stockLevel: 3,
      },
    });
    const product = await made.json();
    const salesperson = await createUser(page.request, "salesperson");
    const login = await page.request.post("/api/auth/login", {
      data: { email: salesperson.email, password: salesperson.password },
    });
    expect(login.status()).toBe(200);
    const read = await page.request.get(`/api/products/${product.id}/movements`);
    expect(read.status()).toBe(200);
    expect((await read.json()).total).toBe(1);
    const refused = await page.request.post("/api/stock-movements", {
      data: { productId: product.id, quantity: 1, reason: "receipt" },
    });
    expect(refused.status()).toBe(403);
  });
});
