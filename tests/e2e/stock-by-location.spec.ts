import pg from "pg";
import { documentChecker } from "./document-checker";
import { createUser, expect, signInQuickly, test, uniqueId } from "./fixtures";
import { e2eDatabaseUrl } from "./second-server";

/**
 * Reorder points and stock screens by location over real HTTP (issue #32): a product under its
 * point in store B with surplus in the warehouse is suggested as a transfer (the API's fields,
 * checked against the OpenAPI document), the figures filtered by location; and /inventory's
 * location filter as a person uses it without JavaScript.
 */

type Places = { warehouse: { id: number; name: string }; storeB: { id: number; name: string } };

/**
 * A warehouse and a store B of their own, and the product's 11 units moved there from the default
 * location (10 and 1): the rows as the ledger keeps them, the total unchanged (its commit check).
 */
async function placeStock(productId: number, suffix: string): Promise<Places> {
  const client = new pg.Client({ connectionString: e2eDatabaseUrl() });
  await client.connect();
  try {
    await client.query("begin");
    const made = await client.query<{ id: number; name: string }>(
      `insert into location (name, kind, active, is_default, created_at, updated_at)
       values ($1, 'warehouse', true, false, now(), now()), ($2, 'store', true, false, now(), now())
       returning id, name`,
      [`Warehouse ${suffix}`, `Store B ${suffix}`],
    );
    const [warehouse, storeB] = made.rows;
    await client.query("update product_stock set quantity = 0 where product_id = $1", [productId]);
    await client.query(
      "insert into product_stock (product_id, location_id, quantity) values ($1, $2, 10), ($1, $3, 1)",
      [productId, warehouse.id, storeB.id],
    );
    await client.query("commit");
    return { warehouse, storeB };
  } finally {
    await client.end();
  }
}

async function productWithPlaces(api: import("@playwright/test").APIRequestContext, id: string) {
  const answer = await api.post("/api/products", {
    data: {
      name: `Located phone ${id}`,
      sku: `LOCR-${id}`,
      brand: "Fairphone",
      supplier: `Location supplier ${id}`,
      purchasePrice: "300.00",
      sellingPrice: "499.00",
      vatInclusive: false,
      stockLevel: 11,
      reorderPoint: 2,
    },
  });
  expect(answer.status(), await answer.text()).toBe(201);
  const product = (await answer.json()) as { id: number };
  return { product, places: await placeStock(product.id, id) };
}

test("a product under its point in store B with surplus in the warehouse is suggested as a transfer; the figures by location", async ({
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
  const { product, places } = await productWithPlaces(api, id);
  const path = "/api/products/{id}/locations/{locationId}";
  const point = await check(
    "put",
    path,
    await api.put(`/api/products/${product.id}/locations/${places.storeB.id}`, { data: { reorderPoint: 3 } }),
    200,
  );
  expect(point).toEqual({
    productId: product.id,
    locationId: places.storeB.id,
    locationName: places.storeB.name,
    quantity: 1,
    reorderPoint: 3,
  });
  await check(
    "put",
    path,
    await api.put(`/api/products/${product.id}/locations/${places.storeB.id}`, {
      data: { reorderPoint: -1 },
    }),
    400,
  );
  await check(
    "put",
    path,
    await api.put(`/api/products/${product.id}/locations/999999999`, { data: { reorderPoint: 3 } }),
    400,
  );

  const reorder = await check(
    "get",
    "/api/inventory/reorder",
    await api.get(`/api/inventory/reorder?locationId=${places.storeB.id}`),
    200,
  );
  const lines = reorder.groups.flatMap((group: { lines: unknown[] }) => group.lines);
  expect(lines).toEqual([
    expect.objectContaining({
      productId: product.id,
      stockLevel: 1,
      reorderPoint: 3,
      location: { id: places.storeB.id, name: places.storeB.name },
      transferFrom: { locationId: places.warehouse.id, name: places.warehouse.name, quantity: 10 },
    }),
  ]);
  await check(
    "get",
    "/api/inventory/reorder",
    await api.get("/api/inventory/reorder?locationId=999999999"),
    400,
  );

  const inB = await check(
    "get",
    "/api/dashboard/stats",
    await api.get(`/api/dashboard/stats?locationId=${places.storeB.id}`),
    200,
  );
  expect(inB).toMatchObject({ lowStockCount: 1, inventoryValue: "499.00" });
  const lowInB = await check(
    "get",
    "/api/inventory/low-stock",
    await api.get(`/api/inventory/low-stock?locationId=${places.storeB.id}`),
    200,
  );
  expect(lowInB.map((row: { id: number; locationStock: number }) => [row.id, row.locationStock])).toEqual([
    [product.id, 1],
  ]);
  await check("get", "/api/inventory/low-stock", await api.get("/api/inventory/low-stock?locationId=x"), 400);

  // A salesperson reads, but sets no point.
  const seller = await playwright.request.newContext({ baseURL });
  const salesperson = await createUser(seller, "salesperson");
  await seller.post("/api/auth/login", {
    data: { email: salesperson.email, password: salesperson.password },
  });
  expect(
    (
      await seller.put(`/api/products/${product.id}/locations/${places.storeB.id}`, {
        data: { reorderPoint: 1 },
      })
    ).status(),
  ).toBe(403);
  await seller.dispose();
  await api.dispose();
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the inventory's location filter shows one location's stock and its transfer suggestion", async ({
    page,
    request,
    playwright,
    baseURL,
  }) => {
    const api = await playwright.request.newContext({ baseURL });
    const manager = await createUser(api, "manager");
    await api.post("/api/auth/login", { data: { email: manager.email, password: manager.password } });
    const id = uniqueId();
    const { product, places } = await productWithPlaces(api, id);
    await api.put(`/api/products/${product.id}/locations/${places.storeB.id}`, { data: { reorderPoint: 3 } });
    await api.dispose();

    await signInQuickly(page, await createUser(request, "salesperson"));
    await page.goto("/inventory?tab=all");
    await page.getByLabel("Location", { exact: true }).selectOption({ label: places.storeB.name });
    await page.getByRole("button", { name: "Show" }).click();
    await expect(page).toHaveURL(new RegExp(`location=${places.storeB.id}`));
    await expect(page.getByTestId("location-shown")).toContainText(places.storeB.name);
    await expect(page.getByRole("columnheader", { name: `Stock at ${places.storeB.name}` })).toBeVisible();
    const row = page.getByTestId("inventory-row");
    await expect(row).toHaveCount(1);
    await expect(row).toContainText(`LOCR-${id}`);

    // The tabs keep the location: its To reorder list suggests the transfer first.
    await page.getByRole("link", { name: "To reorder" }).click();
    await expect(page).toHaveURL(new RegExp(`tab=reorder&location=${places.storeB.id}`));
    const line = page.getByTestId("reorder-line").filter({ hasText: `LOCR-${id}` });
    await expect(line.getByTestId("reorder-transfer")).toHaveText(
      `Transfer 10 from ${places.warehouse.name}`,
    );
    // A salesperson does not make transfers: the suggestion is text. A manager follows it to a new
    // transfer with the line filled in, and creates it as a draft.
    await expect(line.getByTestId("reorder-transfer-link")).toHaveCount(0);
    await signInQuickly(page, manager);
    await page.reload();
    await line.getByTestId("reorder-transfer-link").click();
    await expect(page).toHaveURL(/\/transfers\/new\?/);
    await expect(page.locator("#transfer-from")).toHaveValue(String(places.warehouse.id));
    await expect(page.locator("#transfer-to")).toHaveValue(String(places.storeB.id));
    await expect(page.locator("#line-0-sku")).toHaveValue(`LOCR-${id}`);
    await expect(page.locator("#line-0-quantity")).toHaveValue("10");
    await page.getByRole("button", { name: "Create draft" }).click();
    await expect(page.getByTestId("toast")).toContainText("created as a draft");
    await expect(page.getByText(`${places.warehouse.name} → ${places.storeB.name}`)).toBeVisible();

    // A location that is no active one: back to the page with a message.
    await page.goto("/inventory?tab=all&location=999999999");
    await expect(
      page.getByRole("alert").filter({ hasText: "does not exist or is not active" }),
    ).toBeVisible();
  });
});
