import { documentChecker } from "./document-checker";
import { createUser, expect, test, uniqueId } from "./fixtures";

/**
 * Locations over real HTTP (issue #32): created and changed, the default never deactivated; a movement by
 * hand names its location (an inactive one refused); the product and its ledger show where its
 * stock is; a location holding stock is not deleted (409 with the counts), an unused one is.
 * Answers checked against the OpenAPI document.
 */
test("locations through the API: the default stays active, a movement names its place, a delete is refused with the counts", async ({
  playwright,
  baseURL,
}) => {
  const api = await playwright.request.newContext({ baseURL });
  const user = await createUser(api, "manager");
  expect(
    (await api.post("/api/auth/login", { data: { email: user.email, password: user.password } })).status(),
  ).toBe(200);
  const check = await documentChecker(api);
  const id = uniqueId();

  const store = await check(
    "post",
    "/api/locations",
    await api.post("/api/locations", {
      data: { name: `Store B ${id}`, kind: "store", address: "Kauppakatu 1, Tampere" },
    }),
    201,
  );
  expect(store).toMatchObject({ kind: "store", active: true, isDefault: false, stockUnits: 0 });
  const taken = await check(
    "post",
    "/api/locations",
    await api.post("/api/locations", { data: { name: `STORE B ${id}` } }),
    409,
  );
  expect(taken.errors.name[0]).toMatch(/already has this name/);
  const list = await check("get", "/api/locations", await api.get("/api/locations"), 200);
  const main = list.locations.find((l: { isDefault: boolean }) => l.isDefault);
  expect(list.locations.map((l: { name: string }) => l.name)).toContain(store.name);

  // The default is never deactivated (moving the flag is the write path's test: the other tests
  // running beside this one rely on the default staying where it is).
  const refusedOff = await check(
    "patch",
    "/api/locations/{id}",
    await api.patch(`/api/locations/${main.id}`, { data: { active: false } }),
    409,
  );
  expect(refusedOff.message).toMatch(/default location cannot be inactive/);
  const renamed = await check(
    "patch",
    "/api/locations/{id}",
    await api.patch(`/api/locations/${store.id}`, { data: { kind: "warehouse", version: store.version } }),
    200,
  );
  expect(renamed).toMatchObject({ kind: "warehouse", name: store.name, version: store.version + 1 });
  const me = await check("get", "/api/auth/user", await api.get("/api/auth/user"), 200);
  expect(me.location).toBeNull();

  // A movement into store B, one with no place (the default), one into an inactive place (refused).
  const product = await check(
    "post",
    "/api/products",
    await api.post("/api/products", {
      data: {
        name: `Located phone ${id}`,
        sku: `LOC-${id}`,
        brand: "Nokia",
        supplier: `Located supplier ${id}`,
        purchasePrice: "100.00",
        sellingPrice: "199.00",
      },
    }),
    201,
  );
  const into = await check(
    "post",
    "/api/stock-movements",
    await api.post("/api/stock-movements", {
      data: { productId: product.id, quantity: 7, reason: "receipt", locationId: store.id },
    }),
    201,
  );
  expect(into).toMatchObject({
    location: { id: store.id, name: store.name },
    locationStockAfter: 7,
    stockAfter: 7,
  });
  const plain = await check(
    "post",
    "/api/stock-movements",
    await api.post("/api/stock-movements", {
      data: { productId: product.id, quantity: 2, reason: "receipt" },
    }),
    201,
  );
  expect(plain).toMatchObject({ location: { id: main.id }, locationStockAfter: 2, stockAfter: 9 });
  const short = await check(
    "post",
    "/api/stock-movements",
    await api.post("/api/stock-movements", {
      data: { productId: product.id, quantity: -3, reason: "damage", locationId: main.id },
    }),
    409,
  );
  expect(short.message).toContain(`in ${main.name}: 2 there, 3 to take out`);
  const closed = await check(
    "post",
    "/api/locations",
    await api.post("/api/locations", { data: { name: `Closed ${id}`, active: false } }),
    201,
  );
  const inactive = await check(
    "post",
    "/api/stock-movements",
    await api.post("/api/stock-movements", {
      data: { productId: product.id, quantity: 1, reason: "receipt", locationId: closed.id },
    }),
    400,
  );
  expect(inactive.errors.locationId[0]).toMatch(/inactive or unknown/);
  await check(
    "post",
    "/api/stock-movements",
    await api.post("/api/stock-movements", {
      data: { productId: product.id, quantity: 1, reason: "receipt", locationId: "store" },
    }),
    400,
  );

  const read = await check("get", "/api/products/{id}", await api.get(`/api/products/${product.id}`), 200);
  expect(read.stockLevel).toBe(9);
  expect(read.stockByLocation).toEqual([
    { locationId: main.id, name: main.name, quantity: 2, lastCountedAt: null },
    { locationId: store.id, name: store.name, quantity: 7, lastCountedAt: null },
  ]);
  const ledger = await check(
    "get",
    "/api/products/{id}/movements",
    await api.get(`/api/products/${product.id}/movements`),
    200,
  );
  expect(ledger.movements.map((m: { location: { name: string } }) => m.location.name)).toEqual([
    main.name,
    store.name,
  ]);
  const placed = await check("get", "/api/locations/{id}", await api.get(`/api/locations/${store.id}`), 200);
  expect(placed).toMatchObject({ stockUnits: 7, stockProducts: 1 });

  // Holding stock: not deleted, with the counts; unused: deleted; the default: never.
  const refused = await check(
    "delete",
    "/api/locations/{id}",
    await api.delete(`/api/locations/${store.id}`),
    409,
  );
  expect(refused.counts).toEqual({ stockUnits: 7, stockProducts: 1, movements: 1 });
  expect(refused.message).toContain("it holds 7 units in stock");
  await check("delete", "/api/locations/{id}", await api.delete(`/api/locations/${main.id}`), 409);
  await check("delete", "/api/locations/{id}", await api.delete(`/api/locations/${closed.id}`), 200);
  await check("get", "/api/locations/{id}", await api.get(`/api/locations/${closed.id}`), 404);

  // A salesperson reads locations, and changes none.
  const seller = await playwright.request.newContext({ baseURL });
  const sales = await createUser(seller, "salesperson");
  await seller.post("/api/auth/login", { data: { email: sales.email, password: sales.password } });
  expect((await seller.get("/api/locations")).status()).toBe(200);
  expect((await seller.post("/api/locations", { data: { name: `Nope ${id}` } })).status()).toBe(403);
});
