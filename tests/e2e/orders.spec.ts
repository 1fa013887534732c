import type { APIRequestContext, Page } from "@playwright/test";
import { createUser, expect, signInQuickly, test, uniqueId } from "./fixtures";

/**
 * Issue #13, the screens: quotes and sales orders made, moved and read through plain forms
 * (JavaScript off), by role, and in Finnish on a phone.
 */

type Product = { id: number; sku: string; name: string };

async function createProduct(
  api: APIRequestContext,
  fields: { purchasePrice: string; sellingPrice: string; stockLevel: number },
): Promise<Product> {
  const id = uniqueId();
  const response = await api.post("/api/products", {
    data: {
      name: `Order test product ${id}`,
      sku: `ORD-${id}`.toUpperCase(),
      brand: "Brand",
      supplier: "Supplier",
      ...fields,
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return response.json();
}

async function createCustomer(api: APIRequestContext) {
  const id = uniqueId();
  const response = await api.post("/api/customers", {
    data: { firstName: "Order", lastName: `Customer ${id}`, email: `order-${id}@e2e.test` },
  });
  expect(response.status(), await response.text()).toBe(201);
  const customer = await response.json();
  return { id: customer.id as number, name: `Order Customer ${id}` };
}

async function stockOf(api: APIRequestContext, product: Product) {
  const response = await api.get(`/api/products/${product.id}`);
  expect(response.status()).toBe(200);
  return (await response.json()).stockLevel as number;
}

/** Fills the editor's line `index` (0-based): a SKU and a quantity. */
async function fillLine(page: Page, index: number, code: string, quantity: number) {
  await page.locator(`[name="lines[${index}].code"]`).fill(code);
  await page.locator(`[name="lines[${index}].quantity"]`).fill(String(quantity));
}

async function move(page: Page, label: string, status: string, toast: RegExp) {
  await page.getByTestId("document-moves").getByRole("button", { name: label, exact: true }).click();
  await expect(page.getByTestId("toast")).toContainText(toast);
  await expect(page.locator("main header").getByText(status, { exact: true })).toBeVisible();
}

test.describe("a manager with JavaScript off", () => {
  test.use({ javaScriptEnabled: false, role: "manager" });

  test("makes a quote of two lines, sends, accepts and converts it, then confirms and ships the order", async ({
    signedIn: { page },
  }) => {
    const api = page.request;
    const first = await createProduct(api, { purchasePrice: "10.00", sellingPrice: "25.00", stockLevel: 12 });
    const second = await createProduct(api, { purchasePrice: "5.00", sellingPrice: "12.40", stockLevel: 20 });
    const customer = await createCustomer(api);

    await page.goto("/quotes");
    await page.getByRole("link", { name: "New quote" }).click();
    await expect(page).toHaveURL(/\/quotes\/new$/);
    await page.locator("#document-customer").fill(customer.name);
    await fillLine(page, 0, first.sku, 3);
    await page.getByRole("button", { name: "Add line" }).click();
    // The page came back with the first line resolved and priced, and a second row.
    await expect(page.getByTestId("editor-line")).toHaveCount(2);
    await expect(page.getByTestId("editor-line").first()).toContainText(first.name);
    await expect(page.getByTestId("editor-line").first().getByTestId("line-total")).toHaveText("€75.00");
    await expect(page.getByTestId("margin-badge").first()).toBeVisible();
    await fillLine(page, 1, second.sku.toLowerCase(), 2);
    await page.getByRole("button", { name: "Save" }).click();

    await expect(page).toHaveURL(/\/quotes\/\d+$/);
    await expect(page.getByTestId("toast")).toContainText(/Quote Q-\d{4}-\d{6} created/);
    const quoteNumber = (await page.locator("main h1").textContent()) ?? "";
    expect(quoteNumber).toMatch(/^Q-\d{4}-\d{6}$/);
    await expect(page.getByTestId("quote-status")).toHaveText("Draft");
    await expect(page.getByTestId("editor-line")).toHaveCount(2);
    await expect(page.getByTestId("subtotal")).toHaveText("€99.80");
    await expect(page.getByTestId("total")).toHaveText("€99.80");
    await expect(page.getByTestId("vat-row")).toHaveCount(1);

    await move(page, "Send", "Sent", /Quote .* sent/);
    // Sent: no longer editable, the lines are read-only.
    await expect(page.getByTestId("document-editor")).toHaveCount(0);
    await expect(page.getByTestId("document-line")).toHaveCount(2);
    await move(page, "Accept", "Accepted", /accepted/);
    await page.getByRole("button", { name: "Convert to order" }).click();
    await expect(page).toHaveURL(/\/orders\/\d+$/);
    await expect(page.getByTestId("toast")).toContainText(/sales order SO-\d{4}-\d{6}/);
    await expect(page.getByTestId("order-status")).toHaveText("Pending");
    await expect(page.getByTestId("payment-status")).toHaveText("Unpaid");
    await expect(page.getByTestId("total")).toHaveText("€99.80");

    await move(page, "Confirm", "Confirmed", /confirmed/);
    expect(await stockOf(api, first)).toBe(9);
    expect(await stockOf(api, second)).toBe(18);
    await move(page, "Ship", "Shipped", /shipped/);
    // It shipped from the manager's work location (issue #32): none of their own, the default one.
    await expect(page.getByTestId("document-location")).toHaveText("Main store");
    // Shipped orders cannot be cancelled any more.
    await expect(page.getByTestId("document-moves").getByText("Cancel order")).toHaveCount(0);
    const orderNumber = (await page.locator("main h1").textContent()) ?? "";

    await page.goto(`/orders?customer=${customer.id}`);
    await expect(page.getByTestId("document-customer-filter")).toHaveText(customer.name);
    const row = page.getByTestId("document-row");
    await expect(row).toHaveCount(1);
    await expect(row).toContainText(orderNumber);
    await expect(row).toContainText("Shipped");
    await expect(row.getByTestId("document-total")).toHaveText("€99.80");
    await expect(row).toContainText("Main store");
    await page.goto(`/quotes?customer=${customer.id}&status=converted`);
    await expect(page.getByTestId("document-row")).toContainText(quoteNumber);
    // The search field finds an order by its number or its customer's name (a GET form).
    for (const text of [orderNumber, customer.name]) {
      await page.goto("/orders");
      await page.getByLabel("Search", { exact: true }).fill(text);
      await page.getByRole("button", { name: "Filter" }).click();
      await expect(page).toHaveURL(/[?&]q=/);
      await expect(page.getByTestId("document-row")).toHaveCount(1);
      await expect(page.getByTestId("document-row")).toContainText(orderNumber);
    }
  });

  test("an order line under cost needs a manager's reason; short stock is refused naming the product", async ({
    signedIn: { page },
  }) => {
    const product = await createProduct(page.request, {
      purchasePrice: "10.00",
      sellingPrice: "20.00",
      stockLevel: 1,
    });
    await page.goto("/orders/new");
    await fillLine(page, 0, product.sku, 2);
    await page.locator('[name="lines[0].unitPrice"]').fill("5,00");
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page.getByText(/would be priced below cost/)).toBeVisible();
    // The line's margin is flagged, and the guard's box asks for the reason.
    await expect(page.getByTestId("below-cost")).toHaveCount(1);
    await expect(page.getByTestId("below-cost-confirm")).toBeVisible();
    await expect(page).toHaveURL(/\/orders\/new$/);
    await page.getByLabel("Reason for the price below cost").fill("Clearance of the last units");
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page).toHaveURL(/\/orders\/\d+$/);
    await expect(page.getByTestId("total")).toHaveText("€10.00");

    await page.getByRole("button", { name: "Confirm", exact: true }).click();
    await expect(page.getByTestId("toast")).toContainText(`Not enough stock of ${product.name}`);
    await expect(page.getByTestId("order-status")).toHaveText("Pending");
  });

  test("cancelling an order and refunding it are asked once more, and going back changes nothing", async ({
    signedIn: { page },
  }) => {
    const api = page.request;
    const product = await createProduct(api, {
      purchasePrice: "10.00",
      sellingPrice: "20.00",
      stockLevel: 12,
    });
    const created = await api.post("/api/orders", {
      data: { lines: [{ productId: product.id, quantity: 3 }] },
    });
    expect(created.status(), await created.text()).toBe(201);
    const order = await created.json();
    for (const [path, body] of [
      ["transition", { to: "confirmed" }],
      ["payment", { to: "paid" }],
    ] as const) {
      const moved = await api.post(`/api/orders/${order.id}/${path}`, { data: body });
      expect(moved.status(), await moved.text()).toBe(200);
    }
    expect(await stockOf(api, product)).toBe(9);
    await page.goto(`/orders/${order.id}`);

    // Asked, then kept: nothing changes.
    await page.getByTestId("document-moves").getByText("Cancel order", { exact: true }).click();
    await expect(page.getByTestId("move-confirm")).toContainText(`Cancel sales order ${order.number}?`);
    await page.getByRole("link", { name: "Go back" }).click();
    await expect(page.getByTestId("move-confirm")).toHaveCount(0);
    await expect(page.getByTestId("order-status")).toHaveText("Confirmed");
    expect(await stockOf(api, product)).toBe(9);

    // Asked, then done.
    await page.getByTestId("document-moves").getByText("Cancel order", { exact: true }).click();
    await page.getByTestId("move-confirm").getByRole("button", { name: "Cancel order" }).click();
    await expect(page.getByTestId("toast")).toContainText(/cancelled/);
    await expect(page.getByTestId("order-status")).toHaveText("Cancelled");
    expect(await stockOf(api, product)).toBe(12);

    await page.getByTestId("document-moves").getByText("Refund", { exact: true }).click();
    await expect(page.getByTestId("move-confirm")).toContainText(
      `Mark sales order ${order.number} as refunded?`,
    );
    await page.getByTestId("move-confirm").getByRole("button", { name: "Refund" }).click();
    await expect(page.getByTestId("payment-status")).toHaveText("Refunded");
  });

  test("an unknown SKU is marked on its line and nothing is saved", async ({ signedIn: { page } }) => {
    await page.goto("/quotes/new");
    await fillLine(page, 0, `NO-SUCH-${uniqueId()}`, 1);
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page.getByText("No product has this SKU or EAN.")).toBeVisible();
    await expect(page).toHaveURL(/\/quotes\/new$/);
  });
});

test.describe("a manager with JavaScript on", () => {
  test.use({ role: "manager" });

  test("a line's code field offers matching products as one types", async ({ signedIn: { page } }) => {
    const product = await createProduct(page.request, {
      purchasePrice: "10.00",
      sellingPrice: "19.90",
      stockLevel: 3,
    });
    await page.goto("/orders/new");
    await page.locator("html[data-hydrated]").waitFor();
    const code = page.locator('[name="lines[0].code"]');
    await expect(code).toHaveAttribute("list", "product-suggestions");
    await code.pressSequentially(product.sku.slice(0, 8));
    await expect(page.locator(`#product-suggestions option[value="${product.sku}"]`)).toHaveCount(1);
    await expect(page.locator(`#product-suggestions option[value="${product.sku}"]`)).toHaveAttribute(
      "label",
      product.name,
    );
  });
});

test.describe("a salesperson", () => {
  test.use({ javaScriptEnabled: false, role: "salesperson" });

  test("sees the lists and a quote read-only, and cannot change it", async ({
    signedIn: { page },
    browser,
  }) => {
    // A manager makes the quote through the same form.
    const context = await browser.newContext();
    const manager = await context.newPage();
    await signInQuickly(manager, await createUser(manager.request, "manager"));
    const product = await createProduct(manager.request, {
      purchasePrice: "10.00",
      sellingPrice: "20.00",
      stockLevel: 5,
    });
    const created = await manager.request.post("/quotes/new", {
      form: { intent: "save", "lines[0].code": product.sku, "lines[0].quantity": "1" },
      maxRedirects: 0,
    });
    expect(created.status()).toBe(302);
    const path = created.headers().location;
    expect(path).toMatch(/^\/quotes\/\d+$/);
    await context.close();

    await page.goto("/quotes");
    await expect(page.getByRole("link", { name: "New quote" })).toHaveCount(0);
    await expect(page.getByTestId("document-row").first()).toBeVisible();
    await page.goto("/orders");
    await expect(page.locator("main h1")).toHaveText("Sales orders");
    await expect(page.getByRole("link", { name: "New order" })).toHaveCount(0);

    await page.goto(path);
    await expect(page.getByTestId("quote-status")).toHaveText("Draft");
    await expect(page.getByTestId("document-line")).toContainText(product.name);
    await expect(page.getByTestId("document-editor")).toHaveCount(0);
    await expect(page.getByTestId("document-moves")).toHaveCount(0);
    await expect(page.locator("main form[method=post]")).toHaveCount(0);

    const refused = await page.request.post(path, {
      form: { intent: "move", to: "sent" },
      maxRedirects: 0,
    });
    expect(refused.status()).toBe(302);
    expect(refused.headers().location).toBe("/");
    const newPage = await page.request.get("/quotes/new", { maxRedirects: 0 });
    expect(newPage.headers().location).toBe("/");
  });
});

test.describe("in Finnish on a phone", () => {
  test.use({ role: "manager", viewport: { width: 390, height: 844 } });

  test("the lists and an order fit the screen without sideways scrolling", async ({ signedIn: { page } }) => {
    const product = await createProduct(page.request, {
      purchasePrice: "10.00",
      sellingPrice: "1234.50",
      stockLevel: 5,
    });
    const created = await page.request.post("/orders/new", {
      form: { intent: "save", "lines[0].code": product.sku, "lines[0].quantity": "2" },
      maxRedirects: 0,
    });
    const path = created.headers().location;
    expect(path).toMatch(/^\/orders\/\d+$/);
    await page.goto("/orders");
    await page.context().addCookies([
      {
        name: "lng",
        value: encodeURIComponent(Buffer.from(JSON.stringify("fi")).toString("base64")),
        url: page.url(),
      },
    ]);
    for (const [screen, title] of [
      ["/orders", "Myyntitilaukset"],
      ["/quotes", "Tarjoukset"],
      [path, null],
      ["/orders/new", "Uusi myyntitilaus"],
    ] as const) {
      await page.goto(screen);
      if (title) await expect(page.locator("main h1")).toHaveText(title);
      const width = await page.evaluate(() => ({
        scroll: document.documentElement.scrollWidth,
        client: document.documentElement.clientWidth,
      }));
      expect(width.scroll, `${screen} is wider than the phone`).toBeLessThanOrEqual(width.client + 1);
      await page.screenshot({ path: test.info().outputPath(`fi-390-${screen.replace(/\W+/g, "-")}.png`) });
    }
    await page.goto(path);
    await expect(page.getByTestId("order-status")).toHaveText("Avoin");
    await expect(page.getByRole("button", { name: "Vahvista" })).toBeVisible();
  });
});
