import type { APIRequestContext, Page } from "@playwright/test";
import { expect, test, uniqueId } from "./fixtures";

/**
 * Issue #29 item 3, the screens: a manager opens bulk repricing from /products with its filter,
 * previews +5 % rounded to .90, applies and undoes it, with JavaScript and without; a salesperson
 * is sent away and sees no link. The rules themselves (rounding, refusals, stale products) are
 * tested in Vitest (price-batch.server.test.ts, reprice.test.ts).
 */

/** Three products of one new brand (the list's search finds them by it), made through the API. */
async function brandOfThree(api: APIRequestContext) {
  const brand = `Rep${uniqueId()}`;
  for (const [index, sellingPrice] of ["100.00", "249.00", "19.99"].entries()) {
    const response = await api.post("/api/products", {
      data: {
        name: `${brand} speaker ${index + 1}`,
        sku: `${brand}-${index + 1}`.toUpperCase(),
        brand,
        supplier: "Tech Data",
        purchasePrice: "10.00",
        sellingPrice,
        stockLevel: 1,
      },
    });
    expect(response.status(), await response.text()).toBe(201);
  }
  return brand;
}

/** From the filtered product list to a stored preview of +5 % rounded to .90. */
async function previewFivePercent(page: Page, brand: string) {
  await page.goto(`/products?search=${brand}`);
  await page.getByRole("link", { name: "Bulk repricing" }).click();
  await expect(page.locator("#reprice-search")).toHaveValue(brand);
  await page.locator("#reprice-rule").selectOption("percent");
  await page.locator("#reprice-value").fill("5");
  await page.locator("#reprice-rounding").selectOption("90");
  await page.getByRole("button", { name: "Preview" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(/Price batch \d+/);
  await expect(page.getByTestId("batch-products")).toHaveText("3");
  await expect(page.getByTestId("batch-line").getByTestId("new-price")).toHaveText([
    "€104.90",
    "€261.90",
    "€20.90",
  ]);
}

test.describe("a manager with JavaScript", () => {
  test.use({ role: "manager" });

  test("previews, applies and undoes a batch", async ({ signedIn: { page } }) => {
    const brand = await brandOfThree(page.request);
    await previewFivePercent(page, brand);
    await page.getByRole("button", { name: "Apply 3 prices" }).click();
    await expect(page.getByTestId("toast")).toContainText("3 prices changed.");
    await expect(page.getByTestId("batch-state")).toHaveText("Applied");
    await page.getByRole("button", { name: "Undo this batch" }).click();
    await expect(page.getByTestId("toast")).toContainText("3 prices restored.");
    await page.goto(`/products?search=${brand}`);
    await expect(page.getByText("€249.00")).toBeVisible();
  });
});

test.describe("a manager with JavaScript off", () => {
  test.use({ role: "manager", javaScriptEnabled: false });

  test("is told which field is wrong, then previews and applies", async ({ signedIn: { page } }) => {
    const brand = await brandOfThree(page.request);
    await page.goto(`/products/reprice?search=${brand}`);
    await page.locator("#reprice-value").fill("2000");
    await page.getByRole("button", { name: "Preview" }).click();
    await expect(page.locator("#reprice-value-error")).toHaveText("A percentage must be from -99 to 1000");
    await previewFivePercent(page, brand);
    await page.getByRole("button", { name: "Apply 3 prices" }).click();
    await expect(page.getByTestId("toast")).toContainText("3 prices changed.");
    await expect(page.getByTestId("batch-state")).toHaveText("Applied");
  });
});

test.describe("a salesperson", () => {
  test.use({ role: "salesperson" });

  test("has no bulk repricing link and is sent away from it", async ({ signedIn: { page } }) => {
    await page.goto("/products");
    await expect(page.getByRole("heading", { name: "Products", level: 1 })).toBeVisible();
    await expect(page.getByRole("link", { name: "Bulk repricing" })).toHaveCount(0);
    await page.goto("/products/reprice");
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByTestId("toast")).toContainText("Your role does not allow this.");
  });
});
