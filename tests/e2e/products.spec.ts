import { createUser, expect, marginBadge, productRows, signInQuickly, test, uniqueId } from "./fixtures";

for (const javaScriptEnabled of [true, false]) {
  test.describe(`a manager with JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled, role: "manager" });

    test("adds a product, finds it, edits its price and sees the price history", async ({
      signedIn: { page },
    }) => {
      const id = uniqueId().toUpperCase();
      await page.goto("/products");
      await page.getByRole("link", { name: "Add Product" }).click();
      await expect(page).toHaveURL(/\/products\/new/);
      await page.locator("#product-new-name").fill(`E2E Laptop ${id}`);
      await page.locator("#product-new-sku").fill(`E2E-${id}`);
      await page.locator("#product-new-brand").fill("Lenovo");
      await page.locator("#product-new-categoryId").selectOption({ label: "\u2003Laptops" });
      await page.locator("#product-new-purchasePrice").fill("500,00");
      await page.locator("#product-new-sellingPrice").fill("799,90");
      await page.locator("#product-new-stockLevel").fill("25");
      await page.locator("#product-new-supplier").fill("Tech Data Finland");
      await page.locator("#product-new-ean").fill("4006381333931");
      // Sold by measure (a 5 m roll, say): a quantity of 0 is refused on its field, 5 is taken.
      await page.locator("#product-new-unit").selectOption("m");
      await page.locator("#product-new-netQuantity").fill("0");
      await page.getByRole("button", { name: "Create Product" }).click();
      await expect(page.locator("#product-new-netQuantity-error")).toHaveText(
        "The net quantity must be above zero",
      );
      await page.locator("#product-new-netQuantity").fill("5");
      // Serial-tracked (issue #31): a serial number per unit, guaranteed 24 months.
      await page.locator("#product-new-tracking").selectOption("serial");
      await page.locator("#product-new-guaranteeMonths").fill("24");
      await page.getByRole("button", { name: "Create Product" }).click();
      await expect(page.getByTestId("toast")).toContainText("Product created successfully");

      await page.locator("#product-search").fill(`E2E-${id}`);
      await page.getByRole("button", { name: "Filter" }).click();
      const row = productRows(page);
      await expect(row).toHaveCount(1);
      await expect(row).toContainText(`E2E Laptop ${id}`);
      await expect(row).toContainText("€799.90");
      await expect(marginBadge(row)).toHaveText("37.5%");

      await row.getByRole("link", { name: /^Edit/ }).click();
      const edit = page.locator("form[id^=product-edit]");
      await edit.locator("[name=sellingPrice]").fill("749.90");
      await page.getByRole("button", { name: "Save Product" }).click();
      await expect(page.getByTestId("toast")).toContainText("Product updated successfully");
      await expect(productRows(page)).toContainText("€749.90");

      await page.getByRole("link", { name: `E2E Laptop ${id}`, exact: true }).click();
      await expect(page.getByText("5 m · €149.98/m")).toBeVisible();
      await expect(page.getByText("Serial number per unit")).toBeVisible();
      await expect(page.getByText("24 months")).toBeVisible();
      const history = page.getByTestId("price-history").locator("tbody tr");
      await expect(history).toHaveCount(2);
      await expect(history.first()).toContainText("€749.90");
      // Each change shows when it happened, to the minute.
      await expect(history.first()).toContainText(/\d{1,2}\/\d{1,2}\/\d{4}, \d{2}:\d{2}/);
      await expect(page.getByRole("img", { name: "Selling and purchase price over time" })).toBeVisible();
    });

    test("60 matching products show 50 rows, and Load More shows all 60", async ({ signedIn: { page } }) => {
      const id = uniqueId().toUpperCase();
      for (let batch = 0; batch < 6; batch++) {
        await Promise.all(
          Array.from({ length: 10 }, async (_, i) => {
            const n = batch * 10 + i;
            const created = await page.request.post("/api/products", {
              data: {
                name: `Paging cable ${id} ${n}`,
                sku: `PAGE-${id}-${n}`,
                brand: "Paging",
                purchasePrice: "1.00",
                sellingPrice: "2.00",
                supplier: "Paging Oy",
                stockLevel: 20,
              },
            });
            expect(created.status(), await created.text()).toBe(201);
          }),
        );
      }
      await page.goto(`/products?search=${id}`);
      await expect(productRows(page)).toHaveCount(50);
      await expect(page.getByTestId("product-count")).toHaveText("Showing 50 of 60 products");
      await page.getByRole("link", { name: "Load More" }).click();
      await expect(page).toHaveURL(/limit=100/);
      await expect(productRows(page)).toHaveCount(60);
      await expect(page.getByRole("link", { name: "Load More" })).toHaveCount(0);
    });

    test("filters by category (with subcategories), status and search", async ({ signedIn: { page } }) => {
      await page.goto("/products");
      await page.locator("#product-category").selectOption({ label: "Computers" });
      await page.getByRole("button", { name: "Filter" }).click();
      await expect(page).toHaveURL(/category=\d+/);
      await expect(productRows(page).first()).toBeVisible();
      // Computers has no products of its own: everything shown comes from its subcategories.
      await expect(productRows(page).first()).toContainText(/Laptops|Desktops|Monitors/);

      await page.locator("#product-status").selectOption("eol");
      await page.getByRole("button", { name: "Filter" }).click();
      await expect(page).toHaveURL(/status=eol/);
      const statuses = productRows(page).locator("td:nth-child(7)");
      await expect(statuses.first()).toHaveText("End of life");
      expect(new Set(await statuses.allTextContents())).toEqual(new Set(["End of life"]));

      await page.getByRole("link", { name: "Clear Filters" }).click();
      await expect(page).toHaveURL(/\/products$/);
      await page.locator("#product-search").fill("galaxy");
      await page.getByRole("button", { name: "Filter" }).click();
      await expect(page).toHaveURL(/search=galaxy/);
      const rows = productRows(page);
      await expect(rows.first()).toContainText(/Galaxy/i);
      // The whole list, not the rows streamed so far.
      await page.waitForLoadState("load");
      for (const text of await rows.allTextContents()) expect(text.toLowerCase()).toContain("galaxy");

      await page.locator("#product-search").fill("no-such-product-anywhere");
      await page.getByRole("button", { name: "Filter" }).click();
      await expect(page.getByText("No products found")).toBeVisible();
    });
  });
}

test.describe("an admin", () => {
  test.use({ role: "admin" });

  for (const javaScriptEnabled of [true, false]) {
    test.describe(`with JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
      test.use({ javaScriptEnabled });

      test("deletes a product after confirming", async ({ signedIn: { page } }) => {
        const id = uniqueId().toUpperCase();
        const created = await page.request.post("/api/products", {
          data: {
            name: `Doomed ${id}`,
            sku: `DEL-${id}`,
            brand: "X",
            purchasePrice: "1",
            sellingPrice: "2",
            supplier: "S",
          },
        });
        expect(created.status()).toBe(201);
        await page.goto(`/products?search=DEL-${id}`);
        await page.getByRole("link", { name: `Delete: Doomed ${id}` }).click();
        await expect(page.getByText("Are you sure you want to delete this product?")).toBeVisible();
        await page.getByRole("button", { name: "Delete", exact: true }).click();
        await expect(page.getByTestId("toast")).toContainText("Product deleted successfully");
        await expect(page.getByText("No products found")).toBeVisible();
      });
    });
  }
});

test.describe("a salesperson", () => {
  test.use({ role: "salesperson" });

  test("sees no Add, Edit or Delete, and the API refuses changes with 403", async ({
    signedIn: { page },
  }) => {
    await page.goto("/products");
    await expect(productRows(page).first()).toBeVisible();
    await expect(page.getByRole("link", { name: "Add Product" })).toHaveCount(0);
    await expect(page.getByRole("link", { name: /^Edit/ })).toHaveCount(0);
    await expect(page.getByRole("link", { name: /^Delete/ })).toHaveCount(0);
    await page.goto("/products/new");
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByTestId("toast")).toContainText("Access Denied");

    const body = {
      name: "X",
      sku: `NOPE-${uniqueId()}`,
      brand: "X",
      purchasePrice: "1",
      sellingPrice: "2",
      supplier: "S",
    };
    expect((await page.request.post("/api/products", { data: body })).status()).toBe(403);
    expect((await page.request.put("/api/products/1", { data: body })).status()).toBe(403);
    expect((await page.request.delete("/api/products/1")).status()).toBe(403);
    expect((await page.request.get("/api/products?limit=1")).status()).toBe(200);
  });
});

test("the product pages work in Finnish with Finnish number formats", async ({ page, request }) => {
  await signInQuickly(page, await createUser(request, "manager"));
  await page.goto("/");
  const saved = page.waitForResponse((r) => r.url().includes("/language") && r.request().method() === "POST");
  await page.locator("#language").selectOption("fi");
  await saved;
  await page.goto("/products");
  await expect(page.getByRole("heading", { name: "Tuotteet", level: 1 })).toBeVisible();
  await expect(page.getByRole("link", { name: "Lisää tuote" })).toBeVisible();
  await expect(productRows(page).first()).toContainText("€");
  await expect(productRows(page).first()).toContainText(",");
});
