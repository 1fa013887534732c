import type { APIRequestContext, Page } from "@playwright/test";
import { createUser, expect, signInQuickly, test, uniqueId } from "./fixtures";

/** Issue #15 items 2 and 3: suppliers as records, reorder points and the "To reorder" tab. */

async function created(api: APIRequestContext, path: string, data: object) {
  const answer = await api.post(path, { data });
  expect(answer.status(), `${path}: ${await answer.text()}`).toBe(201);
  return answer.json();
}

/** A supplier and one of its products at or under its reorder point, made through the API. */
async function supplierWithLowProduct(api: APIRequestContext) {
  const id = uniqueId().toUpperCase();
  const supplier = await created(api, "/api/suppliers", {
    name: `Pohjolan Elektroniikkatukku Oy ${id}`,
    contactName: "Maria-Kristiina Väänänen-Hyvärinen",
    email: `maria-kristiina.vaananen-hyvarinen.${id.toLowerCase()}@pohjolan-elektroniikkatukku.fi`,
    leadTimeDays: 14,
  });
  const product = await created(api, "/api/products", {
    name: `Langaton pelikuulokemikrofoni tehostetulla bassotoistolla ${id}`,
    sku: `LOW-STOCK-HEADSET-${id}`,
    brand: "Sennheiser",
    purchasePrice: "1234.56",
    sellingPrice: "2345.67",
    vatInclusive: false,
    stockLevel: 2,
    reorderPoint: 6,
    reorderQuantity: 10,
    supplierId: supplier.id,
  });
  return { supplier, product };
}

async function inFinnish(page: Page) {
  await page.context().addCookies([
    {
      name: "lng",
      value: encodeURIComponent(Buffer.from(JSON.stringify("fi")).toString("base64")),
      url: page.url(),
    },
  ]);
}

async function noSidewaysScroll(page: Page, what: string) {
  const width = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    client: document.documentElement.clientWidth,
  }));
  expect(width.scroll, `${what} is wider than the screen`).toBeLessThanOrEqual(width.client + 1);
}

test.describe("a manager without JavaScript", () => {
  test.use({ role: "manager", javaScriptEnabled: false });

  test("adds a supplier, a product of it, sells it under its reorder point and finds it to reorder under that supplier", async ({
    signedIn: { page },
  }) => {
    const id = uniqueId().toUpperCase();
    const name = `Nordic Parts ${id}`;

    await page.goto("/suppliers");
    await page.getByRole("link", { name: "Add supplier" }).click();
    await expect(page).toHaveURL(/\/suppliers\/new$/);
    await page.locator("#supplier-new-name").fill(name);
    await page.locator("#supplier-new-contactName").fill("Aino Virtanen");
    await page.locator("#supplier-new-email").fill(`Orders.${id}@Nordic-Parts.example`);
    await page.locator("#supplier-new-phone").fill("+358 9 123 4567");
    await page.locator("#supplier-new-leadTimeDays").fill("5");
    await page.getByRole("button", { name: "Add supplier" }).click();
    await expect(page.getByTestId("toast")).toContainText("Supplier added");
    await expect(page.locator("main h1")).toHaveText(name);
    const supplierId = Number(new URL(page.url()).pathname.split("/").pop());
    await expect(page.getByTestId("supplier-lead-time")).toHaveText("5 days");
    await expect(page.getByTestId("supplier-email")).toHaveText(
      `orders.${id.toLowerCase()}@nordic-parts.example`,
    );
    await expect(page.getByTestId("supplier-product-count")).toHaveText("0");

    // The same name in another letter case is another supplier's: refused on the field.
    await page.goto("/suppliers/new");
    await page.locator("#supplier-new-name").fill(name.toUpperCase());
    await page.locator("#supplier-new-leadTimeDays").fill("400");
    await page.getByRole("button", { name: "Add supplier" }).click();
    await expect(page.getByText("Another supplier already has this name")).toBeVisible();
    await expect(page.getByText("Enter the lead time in whole days, 0 to 365")).toBeVisible();

    // A product naming the supplier (typed in lower case: the same supplier) with its own
    // reorder point and quantity, bought without VAT.
    await page.goto("/products/new");
    await page.locator("#product-new-name").fill(`Reorder Cable ${id}`);
    await page.locator("#product-new-sku").fill(`REORDER-${id}`);
    await page.locator("#product-new-brand").fill("Anker");
    await page.locator("#product-new-purchasePrice").fill("10,00");
    await page.locator("#product-new-vatInclusive").selectOption("false");
    await page.locator("#product-new-sellingPrice").fill("24,90");
    await page.locator("#product-new-stockLevel").fill("30");
    // The field offers the suppliers' names (a native list: no JavaScript needed).
    await expect(page.locator(`#product-new-suppliers option[value="${name}"]`)).toHaveCount(1);
    await expect(page.locator("#product-new-reorderPoint")).toHaveAttribute(
      "placeholder",
      "Shop default: 10",
    );
    await page.locator("#product-new-supplier").fill(name.toLowerCase());
    await page.locator("#product-new-reorderPoint").fill("8");
    await page.locator("#product-new-reorderQuantity").fill("12");
    await page.getByRole("button", { name: "Create Product" }).click();
    await expect(page.getByTestId("toast")).toContainText("Product created successfully");

    await page.goto(`/suppliers/${supplierId}`);
    await expect(page.getByTestId("supplier-product-count")).toHaveText("1");
    await expect(page.getByTestId("supplier-reorder-lines")).toHaveText("0");
    await page
      .getByTestId("supplier-product-row")
      .getByRole("link", { name: `Reorder Cable ${id}` })
      .click();
    await expect(page.getByRole("link", { name, exact: true })).toHaveAttribute(
      "href",
      `/suppliers/${supplierId}`,
    );

    // 25 sold at the till: 5 left, under the point of 8.
    const form = page.getByRole("form", { name: "Record a stock movement" });
    await form.getByLabel("Quantity").fill("-25");
    await form.getByLabel("Reason").selectOption({ label: "Sale" });
    await form.getByRole("button", { name: "Record movement" }).click();
    await expect(page.getByTestId("toast")).toContainText("5 in stock");

    await page.goto(`/suppliers/${supplierId}`);
    await expect(page.getByTestId("supplier-reorder-lines")).toHaveText("1");
    await page.getByTestId("supplier-to-reorder").click();
    await expect(page).toHaveURL(new RegExp(`/inventory\\?tab=reorder&supplier=${supplierId}$`));
    await expect(page.getByRole("link", { name: "To reorder" })).toHaveAttribute("aria-current", "page");
    const group = page.getByTestId("reorder-group");
    await expect(group).toHaveCount(1);
    await expect(group).toHaveAttribute("data-supplier", name);
    await expect(group.getByRole("heading", { name })).toBeVisible();
    await expect(group.getByTestId("reorder-lead-time")).toHaveText("Lead time 5 days");
    await expect(group.getByTestId("reorder-line-count")).toHaveText("1 line");
    const line = group.getByTestId("reorder-line");
    await expect(line).toHaveAttribute("data-sku", `REORDER-${id}`);
    await expect(line.getByTestId("reorder-stock")).toHaveText("5");
    await expect(line.getByTestId("reorder-point")).toHaveText("8");
    // Up to the point and the quantity: 8 + 12 - 5.
    await expect(line.getByTestId("reorder-suggested")).toHaveText("15");
    await expect(line.getByTestId("reorder-line-value")).toHaveText("€150.00");
    await expect(group.getByTestId("reorder-group-value")).toHaveText("€150.00 at cost");

    // The whole list (every supplier) has it too, under this supplier.
    await page.getByTestId("reorder-all-suppliers").click();
    await expect(page.getByTestId("reorder-summary")).toContainText("Lines:");

    // A supplier with a product is not deleted: the toast says why.
    await page.goto(`/suppliers/${supplierId}`);
    await page.getByRole("link", { name: "Delete", exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/suppliers/${supplierId}/delete$`));
    await page.getByRole("button", { name: "Delete", exact: true }).click();
    await expect(page.getByTestId("toast")).toContainText(
      "1 product names this supplier: move it to another supplier first",
    );
    await expect(page.locator("main h1")).toHaveText(name);

    // Its lead time changed on the edit form.
    await page.goto(`/suppliers/${supplierId}/edit`);
    await page.locator(`#supplier-edit-${supplierId}-1-leadTimeDays`).fill("3");
    await page.getByRole("button", { name: "Save changes" }).click();
    await expect(page.getByTestId("toast")).toContainText("Supplier saved");
    await expect(page.getByTestId("supplier-lead-time")).toHaveText("3 days");
  });

  test("the To reorder tab drafts a purchase order of a supplier's lines in one click; once sent, they are on order", async ({
    signedIn: { page },
  }) => {
    const { supplier, product } = await supplierWithLowProduct(page.request);
    await page.goto(`/inventory?tab=reorder&supplier=${supplier.id}`);
    const line = page.getByTestId("reorder-line");
    // Up to the point and the quantity: 6 + 10 - 2.
    await expect(line.getByTestId("reorder-suggested")).toHaveText("14");
    await page.getByTestId("reorder-draft").click();
    await expect(page).toHaveURL(/\/purchasing$/);
    await expect(page.getByTestId("toast")).toContainText("Draft purchase order made: PO-");
    const drafts = await (await page.request.get(`/api/purchase-orders?supplier=${supplier.id}`)).json();
    expect(drafts.purchaseOrders).toHaveLength(1);
    expect(drafts.purchaseOrders[0].status).toBe("draft");
    const order = await (
      await page.request.get(`/api/purchase-orders/${drafts.purchaseOrders[0].id}`)
    ).json();
    expect(
      order.lines.map((l: { productId: number; quantityOrdered: number }) => [
        l.productId,
        l.quantityOrdered,
      ]),
    ).toEqual([[product.id, 14]]);
    // Sent, its 14 units are on order: the product is still at its point, with nothing more to order.
    const sent = await page.request.post(`/api/purchase-orders/${order.id}/transition`, {
      data: { to: "sent" },
    });
    expect(sent.status()).toBe(200);
    await page.goto(`/inventory?tab=reorder&supplier=${supplier.id}`);
    await expect(line.getByTestId("reorder-suggested")).toHaveText("0");
    await expect(page.getByTestId("reorder-draft")).toHaveCount(0);
  });

  test("deletes a supplier no product names, after confirming", async ({ signedIn: { page } }) => {
    const supplier = await created(page.request, "/api/suppliers", { name: `Short-lived ${uniqueId()}` });
    await page.goto(`/suppliers?search=${encodeURIComponent(supplier.name)}`);
    const row = page.getByTestId("supplier-row");
    await expect(row).toHaveCount(1);
    await row.getByRole("link", { name: `Delete: ${supplier.name}` }).click();
    await expect(page.getByText("The supplier will be deleted. This cannot be undone.")).toBeVisible();
    await page.getByRole("button", { name: "Delete", exact: true }).click();
    await expect(page.getByTestId("toast")).toContainText("Supplier deleted");
    await page.goto(`/suppliers?search=${encodeURIComponent(supplier.name)}`);
    await expect(page.getByTestId("supplier-row")).toHaveCount(0);
  });
});

test.describe("a manager with JavaScript", () => {
  test.use({ role: "manager", javaScriptEnabled: true });

  test("adds a supplier in the dialog and finds it by its contact", async ({ signedIn: { page } }) => {
    const id = uniqueId();
    await page.goto("/suppliers");
    await page.getByRole("link", { name: "Add supplier" }).click();
    const dialog = page.getByRole("dialog");
    await expect(dialog).toBeVisible();
    await dialog.getByLabel("Name").fill(`Dialog Supplier ${id}`);
    await dialog.getByLabel("Contact person").fill(`Contact ${id}`);
    await dialog.getByRole("button", { name: "Add supplier" }).click();
    await expect(page.getByTestId("toast")).toContainText("Supplier added");
    await expect(page.locator("main h1")).toHaveText(`Dialog Supplier ${id}`);
    await page.goto("/suppliers");
    await page.getByLabel("Search suppliers").fill(`Contact ${id}`);
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page.getByTestId("supplier-row")).toHaveCount(1);
    await expect(page.getByTestId("supplier-row")).toHaveAttribute("data-name", `Dialog Supplier ${id}`);
  });
});

test.describe("a salesperson", () => {
  test.use({ role: "manager" });

  test("reads suppliers and what to reorder, but changes nothing", async ({
    signedIn: { page },
    browser,
  }) => {
    const { supplier } = await supplierWithLowProduct(page.request);
    const context = await browser.newContext();
    const salesperson = await context.newPage();
    await signInQuickly(salesperson, await createUser(salesperson.request, "salesperson"));

    await salesperson.goto(`/suppliers?search=${encodeURIComponent(supplier.name)}`);
    await expect(salesperson.getByTestId("supplier-row")).toHaveCount(1);
    await expect(salesperson.getByRole("link", { name: "Add supplier" })).toHaveCount(0);
    await expect(salesperson.getByRole("link", { name: /^(Edit|Delete):/ })).toHaveCount(0);

    await salesperson.goto(`/suppliers/${supplier.id}`);
    await expect(salesperson.locator("main h1")).toHaveText(supplier.name);
    await expect(salesperson.getByTestId("supplier-reorder-lines")).toHaveText("1");
    await expect(salesperson.getByRole("link", { name: "Edit", exact: true })).toHaveCount(0);
    await expect(salesperson.getByRole("link", { name: "Delete", exact: true })).toHaveCount(0);

    await salesperson.goto(`/inventory?tab=reorder&supplier=${supplier.id}`);
    await expect(salesperson.getByTestId("reorder-line")).toHaveCount(1);

    // The forms and the API refuse.
    await salesperson.goto(`/suppliers/${supplier.id}/edit`);
    await expect(salesperson).toHaveURL(/\/$/);
    await expect(salesperson.getByTestId("toast")).toContainText("Access Denied");
    const api = salesperson.request;
    expect((await api.post("/api/suppliers", { data: { name: `Nope ${uniqueId()}` } })).status()).toBe(403);
    expect((await api.patch(`/api/suppliers/${supplier.id}`, { data: { leadTimeDays: 1 } })).status()).toBe(
      403,
    );
    expect((await api.delete(`/api/suppliers/${supplier.id}`)).status()).toBe(403);
    const read = await api.get(`/api/suppliers/${supplier.id}`);
    expect(await read.json()).toMatchObject({ name: supplier.name, leadTimeDays: 14, productCount: 1 });
    const reorder = await api.get(`/api/inventory/reorder?supplierId=${supplier.id}`);
    expect(await reorder.json()).toMatchObject({
      totalLines: 1,
      groups: [
        { supplierName: supplier.name, lines: [{ stockLevel: 2, reorderPoint: 6, suggestedQuantity: 14 }] },
      ],
    });
    await context.close();
  });
});

test.describe("in Finnish on a 390 px phone", () => {
  test.use({ role: "manager", viewport: { width: 390, height: 844 } });

  test("the suppliers list, a supplier's page and the To reorder tab fit the screen", async ({
    signedIn: { page },
  }) => {
    const { supplier } = await supplierWithLowProduct(page.request);
    await page.goto("/suppliers");
    await inFinnish(page);

    await page.goto(`/suppliers?search=${encodeURIComponent(supplier.name)}`);
    await expect(page.locator("main h1")).toHaveText("Toimittajat");
    await expect(page.getByTestId("supplier-row")).toContainText("14 päivää");
    await noSidewaysScroll(page, "/suppliers");

    await page.goto(`/suppliers/${supplier.id}`);
    await expect(page.getByTestId("supplier-lead-time")).toHaveText("14 päivää");
    await noSidewaysScroll(page, "the supplier's page");

    await page.goto(`/inventory?tab=reorder&supplier=${supplier.id}`);
    await expect(page.getByRole("link", { name: "Tilattavat" })).toHaveAttribute("aria-current", "page");
    const group = page.getByTestId("reorder-group");
    await expect(group.getByTestId("reorder-lead-time")).toHaveText("Toimitusaika 14 päivää");
    // 6 + 10 - 2 = 14 at 1 234,56 €.
    await expect(group.getByTestId("reorder-suggested")).toHaveText("14");
    await expect(group.getByTestId("reorder-line-value")).toHaveText("17 283,84 €");
    await noSidewaysScroll(page, "the To reorder tab");
    await page.screenshot({ path: test.info().outputPath("reorder-fi-390.png"), fullPage: true });
  });
});
