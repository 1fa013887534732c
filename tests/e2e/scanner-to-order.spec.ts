import { randomInt } from "node:crypto";
import type { APIRequestContext, Page } from "@playwright/test";
import { expect, test, uniqueId } from "./fixtures";

/**
 * Issue #13 item 9: the scanner's list becomes a new quote or sales order for a chosen customer
 * in one step, through plain forms (JavaScript off); the list is empty afterwards.
 */

type Product = { id: number; sku: string; ean: string; name: string };

/** An EAN-13 with its check digit. */
function ean13(twelve: string) {
  const sum = [...twelve].reduce((total, digit, i) => total + Number(digit) * (i % 2 ? 3 : 1), 0);
  return twelve + ((10 - (sum % 10)) % 10);
}

async function createProduct(api: APIRequestContext): Promise<Product> {
  const id = uniqueId();
  const ean = ean13(`2${String(randomInt(0, 1e11)).padStart(11, "0")}`);
  const response = await api.post("/api/products", {
    data: {
      name: `Scanned product ${id}`,
      sku: `SCN-${id}`.toUpperCase(),
      ean,
      brand: "Brand",
      supplier: "Supplier",
      purchasePrice: "10.00",
      sellingPrice: "20.00",
      stockLevel: 50,
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return response.json();
}

async function createCustomer(api: APIRequestContext, creditLimit?: string) {
  const id = uniqueId();
  const response = await api.post("/api/customers", {
    data: {
      firstName: "Scanner",
      lastName: `Customer ${id}`,
      email: `scanner-${id}@e2e.test`,
      ...(creditLimit ? { creditLimit } : {}),
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  const customer = await response.json();
  return { id: customer.id as number, name: `Scanner Customer ${id}` };
}

async function scan(page: Page, code: string) {
  await page.locator("#scan-code").fill(code);
  await page.getByRole("button", { name: "Add", exact: true }).click();
  await expect(page.getByTestId("toast")).toContainText("added to the list");
}

/** Scans the first product twice (by SKU, then EAN) and the second once (by EAN). */
async function scanTwoProducts(page: Page, first: Product, second: Product) {
  await page.goto("/barcode-scanner");
  await scan(page, first.sku);
  await scan(page, second.ean);
  await scan(page, first.ean);
  await expect(page.getByTestId("scanned-summary")).toContainText("3 items");
}

/** The editor's lines on the document page, as SKU -> quantity. */
async function documentLines(page: Page) {
  await expect(page.getByTestId("editor-line")).toHaveCount(2);
  const lines: Record<string, string> = {};
  for (const i of [0, 1]) {
    lines[await page.locator(`[name="lines[${i}].code"]`).inputValue()] = await page
      .locator(`[name="lines[${i}].quantity"]`)
      .inputValue();
  }
  return lines;
}

test.describe("a manager with JavaScript off", () => {
  test.use({ javaScriptEnabled: false, role: "manager" });

  for (const kind of ["order", "quote"] as const) {
    test(`makes the scanned list ${kind === "order" ? "an order" : "a quote"} for a customer; the list is empty afterwards`, async ({
      signedIn: { page },
    }) => {
      const first = await createProduct(page.request);
      const second = await createProduct(page.request);
      const customer = await createCustomer(page.request);
      await scanTwoProducts(page, first, second);

      const form = page.getByTestId("scanner-to-document");
      await form.locator("#scanner-customer").fill(customer.name);
      await form.getByRole("button", { name: kind === "order" ? "Create order" : "Create quote" }).click();

      await expect(page).toHaveURL(kind === "order" ? /\/orders\/\d+$/ : /\/quotes\/\d+$/);
      await expect(page.getByTestId("toast")).toContainText(
        kind === "order"
          ? /Sales order SO-\d{4}-\d{6} created from the scanned items/
          : /Quote Q-\d{4}-\d{6} created from the scanned items/,
      );
      await expect(page.locator("#document-customer")).toHaveValue(new RegExp(`^${customer.name} <`));
      expect(await documentLines(page)).toEqual({ [first.sku]: "2", [second.sku]: "1" });
      await expect(page.getByTestId("total")).toHaveText("€60.00");

      await page.goto("/barcode-scanner");
      await expect(page.getByText("No items scanned yet")).toBeVisible();
      await expect(page.getByTestId("scanner-to-document")).toHaveCount(0);
      // A second click on the list already made a document makes nothing more.
      const again = await page.request.post("/barcode-scanner", {
        form: { intent: kind === "order" ? "toOrder" : "toQuote", customerId: String(customer.id) },
        maxRedirects: 0,
      });
      expect(again.status()).toBe(302);
      expect(again.headers().location).toBe("/barcode-scanner");
      await page.goto("/barcode-scanner");
      await expect(page.getByTestId("toast")).toContainText("The list is empty");
    });
  }

  test("an order over the customer's credit limit is refused with the reason, and the list stays", async ({
    signedIn: { page },
  }) => {
    const first = await createProduct(page.request);
    const second = await createProduct(page.request);
    const customer = await createCustomer(page.request, "10.00");
    await scanTwoProducts(page, first, second);

    await page.locator("#scanner-customer").fill(customer.name);
    await page.getByRole("button", { name: "Create order" }).click();

    await expect(page).toHaveURL(/\/barcode-scanner$/);
    await expect(page.getByTestId("scanner-document-error")).toContainText("credit limit");
    await expect(page.locator("#scanner-customer")).toHaveValue(customer.name);
    await expect(page.getByTestId("scanned-summary")).toContainText("3 items");
    await expect(page.getByTestId("scanned-item")).toHaveCount(2);
  });
});

test.describe("a salesperson", () => {
  test.use({ javaScriptEnabled: false, role: "salesperson" });

  test("sees no form to make the list a document, and posting one is refused", async ({
    signedIn: { page },
  }) => {
    // A salesperson may not create products: one of the demo catalogue.
    const products = (await (await page.request.get("/api/products?search=ThinkPad%20E14")).json())
      .products as Product[];
    await page.goto("/barcode-scanner");
    await scan(page, products[0].sku);
    await expect(page.getByTestId("scanned-item")).toHaveCount(1);
    await expect(page.getByTestId("scanner-to-document")).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Create order" })).toHaveCount(0);

    const response = await page.request.post("/barcode-scanner", {
      form: { intent: "toOrder", customerId: "" },
      maxRedirects: 0,
    });
    expect(response.status()).toBe(302);
    expect(response.headers().location).toBe("/");
    await page.goto("/");
    await expect(page.getByTestId("toast")).toContainText("Access Denied");
    await page.goto("/barcode-scanner");
    await expect(page.getByTestId("scanned-item")).toHaveCount(1);
  });
});
