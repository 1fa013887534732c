import type { APIRequestContext, Page } from "@playwright/test";
import { createUser, expect, signInQuickly, test, uniqueId } from "./fixtures";

/** The customer's page: details, figures from their orders, their latest quotes and orders. */

async function created(api: APIRequestContext, path: string, data: object) {
  const answer = await api.post(path, { data });
  expect(answer.status(), `${path}: ${await answer.text()}`).toBe(201);
  return answer.json();
}

async function product(api: APIRequestContext, fields: Record<string, unknown>) {
  const id = uniqueId();
  return created(api, "/api/products", {
    name: `Customer page item ${id}`,
    sku: `CPG-${id}`,
    brand: "Brand",
    supplier: "Supplier",
    stockLevel: 20,
    // Purchase prices without VAT, as the order lines keep them.
    vatInclusive: false,
    ...fields,
  });
}

/** A business customer with one confirmed order, one pending order and one quote. */
async function customerWithOrders(api: APIRequestContext) {
  const laptop = await product(api, { sellingPrice: "124.00", purchasePrice: "20.00", vatRate: "25.5" });
  const book = await product(api, { sellingPrice: "49.90", purchasePrice: "30.00", vatRate: "14" });
  const id = uniqueId();
  const customer = await created(api, "/api/customers", {
    firstName: "Eero",
    lastName: `Mäkinen ${id}`,
    email: `eero.${id}@asiakas.test`,
    customerType: "business",
    company: "Mäkisen Sähkö Oy",
    // The business ID is kept as the VAT number.
    vatNumber: "0112038-9",
    country: "Finland",
    discountPercentage: "10",
    // The demo catalogue has products with thinner margins: the below-cost guard asks why.
    belowCostReason: "Framework agreement",
  });
  expect(customer.vatNumber).toBe("FI01120389");
  const confirmed = await created(api, "/api/orders", {
    customerId: customer.id,
    lines: [
      { productId: laptop.id, quantity: 3 },
      { productId: book.id, quantity: 1 },
    ],
  });
  const move = await api.post(`/api/orders/${confirmed.id}/transition`, { data: { to: "confirmed" } });
  expect(move.status(), await move.text()).toBe(200);
  const pending = await created(api, "/api/orders", {
    customerId: customer.id,
    lines: [{ productId: laptop.id, quantity: 1 }],
  });
  const quote = await created(api, "/api/quotes", {
    customerId: customer.id,
    lines: [{ productId: book.id, quantity: 2 }],
  });
  return { customer, confirmed, pending, quote };
}

async function noSidewaysScroll(page: Page) {
  const width = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    client: document.documentElement.clientWidth,
  }));
  expect(width.scroll, "the page is wider than the screen").toBeLessThanOrEqual(width.client + 1);
}

test.describe("a customer's page", () => {
  test.use({ role: "manager" });

  test("shows the details, the totals, the margin earned and the latest documents; a manager may edit", async ({
    signedIn: { page },
  }) => {
    const { customer, confirmed, pending, quote } = await customerWithOrders(page.request);
    // By hand, 10 % off per VAT rate: 3 x 124.00 = 372.00 less 37.20, and 49.90 less 4.99: 379.71.
    expect(confirmed.totalAmount).toBe("379.71");
    // 124.00 less 12.40.
    expect(pending.totalAmount).toBe("111.60");

    await page.goto(`/customers?search=${encodeURIComponent(customer.email)}`);
    await page
      .getByTestId("customer-row")
      .getByRole("link", { name: `${customer.firstName} ${customer.lastName}`, exact: true })
      .click();
    await expect(page).toHaveURL(new RegExp(`/customers/${customer.id}$`));
    await expect(page.locator("main h1")).toHaveText(`Eero ${customer.lastName}`);
    await expect(page.getByTestId("customer-company")).toHaveText("Mäkisen Sähkö Oy");
    await expect(page.getByTestId("customer-email")).toHaveText(customer.email);
    await expect(page.getByTestId("customer-vat-number")).toHaveText("FI01120389");
    await expect(page.getByTestId("customer-business-id")).toHaveText("0112038-9");
    await expect(page.getByTestId("customer-type")).toHaveText("Business");
    await expect(page.getByTestId("customer-discount")).toHaveText("10%");

    // Only the confirmed order counts in the kept totals.
    await expect(page.getByTestId("customer-order-count")).toHaveText("1");
    await expect(page.getByTestId("customer-total-spent")).toHaveText("€379.71");
    // Unpaid and not cancelled: both orders.
    await expect(page.getByTestId("customer-open-amount")).toHaveText("€491.31");
    // The confirmed order's lines without VAT after the discount, less their purchase price:
    // (124.00 x 0.9 / 1.255 - 20.00) x 3 = 206.7729...; 49.90 x 0.9 / 1.14 - 30.00 = 9.3947...;
    // together 216.1676... -> 216.17 (rounded line by line it would be 216.16).
    await expect(page.getByTestId("customer-margin-earned")).toHaveText("€216.17");

    const orders = page.getByTestId("customer-order-row");
    await expect(orders).toHaveCount(2);
    // Newest first.
    await expect(orders.first()).toHaveAttribute("data-number", pending.number);
    await expect(orders.nth(1)).toContainText("Confirmed");
    await expect(orders.nth(1)).toContainText("€379.71");
    const quotes = page.getByTestId("customer-quote-row");
    await expect(quotes).toHaveCount(1);
    await expect(quotes.first()).toContainText("Draft");
    await expect(quotes.getByRole("link", { name: quote.number })).toHaveAttribute(
      "href",
      `/quotes/${quote.id}`,
    );
    await expect(page.getByTestId("customer-all-quotes")).toHaveAttribute(
      "href",
      `/quotes?customer=${customer.id}`,
    );
    await expect(page.getByRole("link", { name: "Edit", exact: true })).toHaveAttribute(
      "href",
      `/customers/${customer.id}/edit`,
    );

    await page.getByTestId("customer-all-orders").click();
    await expect(page).toHaveURL(new RegExp(`/orders\\?customer=${customer.id}$`));
    await expect(page.getByTestId("document-row")).toHaveCount(2);

    // The order's page leads back to its customer.
    await page.goto(`/customers/${customer.id}`);
    await orders.nth(1).getByRole("link", { name: confirmed.number }).click();
    await expect(page).toHaveURL(new RegExp(`/orders/${confirmed.id}$`));
    await page.getByTestId("document-customer").getByRole("link").click();
    await expect(page).toHaveURL(new RegExp(`/customers/${customer.id}$`));
  });

  test("a salesperson sees the page without the edit link", async ({ signedIn: { page }, browser }) => {
    const { customer } = await customerWithOrders(page.request);
    const context = await browser.newContext();
    const salesperson = await context.newPage();
    await signInQuickly(salesperson, await createUser(salesperson.request, "salesperson"));
    await salesperson.goto(`/customers/${customer.id}`);
    await expect(salesperson.locator("main h1")).toHaveText(`Eero ${customer.lastName}`);
    await expect(salesperson.getByTestId("customer-margin-earned")).toHaveText("€216.17");
    await expect(salesperson.getByTestId("customer-order-row")).toHaveCount(2);
    await expect(salesperson.getByRole("link", { name: "Edit", exact: true })).toHaveCount(0);
    await context.close();
  });

  test("a customer that does not exist is a 404 inside the app", async ({ signedIn: { page } }) => {
    const answer = await page.goto("/customers/999999999");
    expect(answer?.status()).toBe(404);
    await expect(page.getByTestId("screen-error")).toContainText("Customer not found");
  });

  test("in Finnish on a phone it fits the screen", async ({ signedIn: { page } }) => {
    const { customer } = await customerWithOrders(page.request);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/customers");
    await page.context().addCookies([
      {
        name: "lng",
        value: encodeURIComponent(Buffer.from(JSON.stringify("fi")).toString("base64")),
        url: page.url(),
      },
    ]);
    await page.goto(`/customers/${customer.id}`);
    await expect(page.getByTestId("customer-business-id")).toHaveText("0112038-9");
    await expect(page.getByText("Y-tunnus", { exact: true })).toBeVisible();
    await expect(page.getByTestId("customer-margin-earned")).toHaveText("216,17 €");
    await expect(page.getByTestId("customer-open-amount")).toHaveText("491,31 €");
    await noSidewaysScroll(page);
    await page.screenshot({ path: test.info().outputPath("customer-fi-390.png"), fullPage: true });
  });
});
