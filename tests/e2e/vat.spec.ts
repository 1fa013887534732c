import { expect, marginBadge, productRows, test, uniqueId } from "./fixtures";

/**
 * VAT is a property of each product (issue #10): a book sold at 10 % has the margin its own rate
 * gives, kept by the database and shown the same in the list, on its page and through the API.
 */
for (const javaScriptEnabled of [true, false]) {
  test.describe(`with JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled, role: "manager" });

    test("a product's own VAT rate sets its margin", async ({ signedIn: { page } }) => {
      const id = uniqueId();
      await page.goto("/products/new");
      const dialog = page.getByRole("dialog");
      await dialog.locator("#product-new-name").fill(`Cookbook ${id}`);
      await dialog.locator("#product-new-sku").fill(`BOOK-${id}`);
      await dialog.locator("#product-new-brand").fill("Otava");
      // 10,00 excluding VAT; sold at 15,00 including 10 % VAT: (15 - 11) / 15 = 26.7 %.
      await dialog.locator("#product-new-purchasePrice").fill("10,00");
      await dialog.locator("#product-new-vatInclusive").selectOption("false");
      await dialog.locator("#product-new-vatRate").selectOption("10");
      await dialog.locator("#product-new-sellingPrice").fill("15,00");
      await dialog.locator("#product-new-supplier").fill("Kirjavälitys");
      await dialog.getByRole("button", { name: "Create Product" }).click();
      await expect(page.getByTestId("toast")).toContainText("Product created successfully");

      const row = productRows(page).filter({ hasText: `BOOK-${id}` });
      await expect(marginBadge(row)).toHaveText("26.7%");
      await row.getByRole("link", { name: `Cookbook ${id}`, exact: true }).click();
      await expect(page.getByTestId("current-margin")).toHaveText("26.7%");
      await expect(page.getByText("VAT rate")).toBeVisible();
      await expect(page.locator("dd", { hasText: /^10%$/ })).toBeVisible();

      const { products } = await (await page.request.get(`/api/products?search=BOOK-${id}`)).json();
      expect(products[0]).toMatchObject({ vatRate: "10.00", margin: 26.7, marginCategory: "high" });
    });
  });
}

test("the API takes a VAT rate, keeps it when a change names none, and refuses a bad one", async ({
  signedIn: { page },
}) => {
  const id = uniqueId();
  const base = { name: `Coffee ${id}`, sku: `COF-${id}`, brand: "Paulig", supplier: "S" };
  const created = await page.request.post("/api/products", {
    data: { ...base, purchasePrice: "8.00", sellingPrice: "10.00", vatInclusive: false, vatRate: "13.5" },
  });
  expect(created.status()).toBe(201);
  const product = await created.json();
  // (10 - 8 x 1.135) / 10 = 9.2 %: low.
  expect(product).toMatchObject({ vatRate: "13.50", margin: 9.2, marginCategory: "low" });

  const changed = await page.request.put(`/api/products/${product.id}`, {
    data: {
      ...base,
      purchasePrice: "8.00",
      sellingPrice: "11.00",
      vatInclusive: false,
      version: product.version,
    },
  });
  expect(changed.status()).toBe(200);
  expect(await changed.json()).toMatchObject({ vatRate: "13.50", margin: 17.5, marginCategory: "medium" });

  const bad = await page.request.post("/api/products", {
    data: { ...base, sku: `COF2-${id}`, purchasePrice: "1", sellingPrice: "2", vatRate: "125" },
  });
  expect(bad.status()).toBe(400);
  expect((await bad.json()).errors.vatRate).toEqual(["The percentage can be at most 100"]);
});
