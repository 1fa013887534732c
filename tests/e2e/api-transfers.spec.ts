import { documentChecker } from "./document-checker";
import { createLocation, createUser, defaultLocation, expect, placeUser, test, uniqueId } from "./fixtures";

/**
 * Transfers between locations over real HTTP (issue #32): a draft from the default location to a
 * store, more than the source holds refused naming the product, sent (in transit in the list,
 * the transfer and the dashboard's figures), received short by the store's salesperson with a
 * loss and its reason. Answers checked against the OpenAPI document.
 */
test("a transfer's API: created, refused when the source holds too little, sent, in transit, received short with its loss", async ({
  playwright,
  baseURL,
}) => {
  const api = await playwright.request.newContext({ baseURL });
  const manager = await createUser(api, "manager");
  expect(
    (
      await api.post("/api/auth/login", { data: { email: manager.email, password: manager.password } })
    ).status(),
  ).toBe(200);
  const check = await documentChecker(api);
  const id = uniqueId();
  const source = await defaultLocation();
  const store = await createLocation(`Store B ${id}`);
  const product = await check(
    "post",
    "/api/products",
    await api.post("/api/products", {
      data: {
        name: `Transfer cable ${id}`,
        sku: `TRC-${id}`,
        brand: "Belkin",
        supplier: `Transfer supplier ${id}`,
        purchasePrice: "10.00",
        sellingPrice: "20.00",
        stockLevel: 10,
      },
    }),
    201,
  );

  // Bad input: no lines, one place for both ends, a product that is not there.
  const empty = await check("post", "/api/transfers", await api.post("/api/transfers", { data: {} }), 400);
  expect(Object.keys(empty.errors)).toEqual(
    expect.arrayContaining(["fromLocationId", "toLocationId", "lines"]),
  );
  const same = await check(
    "post",
    "/api/transfers",
    await api.post("/api/transfers", {
      data: { fromLocationId: store.id, toLocationId: store.id, lines: [{ sku: product.sku, quantity: 1 }] },
    }),
    400,
  );
  expect(same.errors.toLocationId).toBeDefined();
  // More than the source holds: refused naming the product and the location.
  const short = await check(
    "post",
    "/api/transfers",
    await api.post("/api/transfers", {
      data: {
        fromLocationId: source.id,
        toLocationId: store.id,
        lines: [{ sku: product.sku, quantity: 11 }],
      },
    }),
    409,
  );
  expect(short.message).toContain(`Transfer cable ${id} (TRC-${id})`);
  expect(short.message).toContain(`${source.name} holds 10`);

  const draft = await check(
    "post",
    "/api/transfers",
    await api.post("/api/transfers", {
      data: {
        fromLocationId: source.id,
        toLocationId: store.id,
        note: "Weekend",
        lines: [{ sku: product.sku, quantity: 4 }],
      },
    }),
    201,
  );
  expect(draft).toMatchObject({ status: "draft", from: source, to: store, units: 4, inTransit: 0 });
  expect(draft.number).toMatch(/^TR-\d{4}-\d{6}$/);
  const changed = await check(
    "patch",
    "/api/transfers/{id}",
    await api.patch(`/api/transfers/${draft.id}`, { data: { note: "Monday", version: draft.version } }),
    200,
  );
  expect(changed).toMatchObject({ note: "Monday", units: 4 });
  await check("get", "/api/transfers/{id}", await api.get(`/api/transfers/${draft.id}`), 200);
  await check("get", "/api/transfers/{id}", await api.get("/api/transfers/999999999"), 404);

  const sent = await check(
    "post",
    "/api/transfers/{id}/transition",
    await api.post(`/api/transfers/${draft.id}/transition`, { data: { to: "sent" } }),
    200,
  );
  expect(sent).toMatchObject({ status: "sent", inTransit: 4 });
  expect((await (await api.get(`/api/products/${product.id}`)).json()).stockLevel).toBe(6);
  const listed = await check(
    "get",
    "/api/transfers",
    await api.get(`/api/transfers?status=sent&location=${store.id}`),
    200,
  );
  expect(listed.transfers).toEqual([expect.objectContaining({ id: draft.id, status: "sent", inTransit: 4 })]);
  expect(listed.inTransit.units).toBeGreaterThanOrEqual(4);
  const stats = await check("get", "/api/dashboard/stats", await api.get("/api/dashboard/stats"), 200);
  expect(Number(stats.inTransitValue)).toBeGreaterThanOrEqual(80);
  expect(Math.round(Number(stats.totalValue) * 100)).toBe(
    Math.round(Number(stats.inventoryValue) * 100) + Math.round(Number(stats.inTransitValue) * 100),
  );
  // A sent transfer is neither changed nor deleted.
  await check("delete", "/api/transfers/{id}", await api.delete(`/api/transfers/${draft.id}`), 409);

  // The store's salesperson receives it: 3 arrived, 1 damaged. Another salesperson may not.
  const lineId = sent.lines[0].id;
  const elsewhere = await playwright.request.newContext({ baseURL });
  const other = await createUser(elsewhere, "salesperson");
  await elsewhere.post("/api/auth/login", { data: { email: other.email, password: other.password } });
  expect(
    (await elsewhere.post(`/api/transfers/${draft.id}/transition`, { data: { to: "received" } })).status(),
  ).toBe(403);
  const seller = await playwright.request.newContext({ baseURL });
  const own = await createUser(seller, "salesperson");
  await placeUser(own.email, store.id);
  await seller.post("/api/auth/login", { data: { email: own.email, password: own.password } });
  expect((await seller.post("/api/transfers", { data: {} })).status()).toBe(403);
  const noReason = await check(
    "post",
    "/api/transfers/{id}/transition",
    await seller.post(`/api/transfers/${draft.id}/transition`, {
      data: { to: "received", lines: [{ lineId, received: 3 }] },
    }),
    400,
  );
  expect(noReason.message).toContain("say why");
  const received = await check(
    "post",
    "/api/transfers/{id}/transition",
    await seller.post(`/api/transfers/${draft.id}/transition`, {
      data: {
        to: "received",
        lines: [{ lineId, received: 3, lossReason: "damaged", lossNote: "Box crushed" }],
      },
    }),
    200,
  );
  expect(received).toMatchObject({ status: "received", inTransit: 0 });
  expect(received.lines[0]).toMatchObject({
    quantity: 4,
    received: 3,
    lost: 1,
    lossReason: "damaged",
    lossNote: "Box crushed",
  });
  expect((await (await api.get(`/api/products/${product.id}`)).json()).stockLevel).toBe(9);
  const movements = await (await api.get(`/api/products/${product.id}/movements`)).json();
  expect(JSON.stringify(movements)).toContain(draft.number);

  // A draft is cancelled or deleted.
  const second = await check(
    "post",
    "/api/transfers",
    await api.post("/api/transfers", {
      data: {
        fromLocationId: source.id,
        toLocationId: store.id,
        lines: [{ productId: product.id, quantity: 1 }],
      },
    }),
    201,
  );
  await check(
    "post",
    "/api/transfers/{id}/transition",
    await api.post(`/api/transfers/${second.id}/transition`, { data: { to: "received" } }),
    409,
  );
  const deleted = await check(
    "delete",
    "/api/transfers/{id}",
    await api.delete(`/api/transfers/${second.id}`),
    200,
  );
  expect(deleted).toEqual({ id: second.id, number: second.number });
  for (const context of [api, elsewhere, seller]) await context.dispose();
});
