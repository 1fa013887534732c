import { expect, test, uniqueId } from "./fixtures";

for (const javaScriptEnabled of [true, false]) {
  test.describe(`with JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled, role: "manager" });

    test("a CSV is checked row by row, refused while a row is wrong, then imported all at once", async ({
      signedIn: { page },
    }) => {
      const id = uniqueId().toUpperCase();
      const header = "name;sku;brand;category;purchasePrice;sellingPrice;stockLevel;supplier;ean";
      const good = [
        `Import Mouse ${id};IMP-${id}-1;Logitech;Accessories;10,00;24,90;30;Tech Data;4006381333931`,
        `Import Cable ${id};IMP-${id}-2;Belkin;Cables;3,00;9,90;100;Tech Data;`,
      ];
      const bad = `Import Broken ${id};IMP-${id}-3;Belkin;No Such Category;abc;9,90;-1;Tech Data;4006381333932`;

      await page.goto("/");
      await page.getByRole("link", { name: "Bulk Import" }).click();
      await expect(page).toHaveURL(/\/products\/import$/);
      await page.locator("#import-csv").fill([header, ...good, bad].join("\n"));
      await page.getByRole("button", { name: "Check the file" }).click();
      await expect(page.getByTestId("import-summary")).toHaveText("3 rows: 2 ready, 1 with errors.");
      const broken = page.getByTestId("import-row").filter({ hasText: `IMP-${id}-3` });
      await expect(broken).toContainText("This category does not exist");
      await expect(broken).toContainText("Enter an amount in euros");
      await expect(broken).toContainText("This EAN is not valid");
      await expect(page.getByRole("button", { name: /^Import/ })).toHaveCount(0);
      expect((await (await page.request.get(`/api/products?search=IMP-${id}`)).json()).total).toBe(0);

      await page.locator("#import-csv").fill([header, ...good].join("\n"));
      await page.getByRole("button", { name: "Check the file" }).click();
      await expect(page.getByTestId("import-summary")).toHaveText("2 rows: 2 ready, 0 with errors.");
      await page.getByRole("button", { name: "Import 2 products" }).click();
      await expect(page.getByTestId("toast")).toContainText("2 products imported");
      const imported = await (await page.request.get(`/api/products?search=IMP-${id}`)).json();
      expect(imported.total).toBe(2);
      expect(imported.products.map((p: { sellingPrice: string }) => p.sellingPrice).sort()).toEqual([
        "24.90",
        "9.90",
      ]);
    });
  });
}

test.describe("a large file", () => {
  test.use({ javaScriptEnabled: false, role: "manager" });

  test("10,000 rows are checked and imported in one go, through the page", async ({ signedIn: { page } }) => {
    test.setTimeout(120_000);
    const id = uniqueId().toUpperCase();
    const rows = Array.from(
      { length: 10_000 },
      (_, i) =>
        `Bulk Item ${id} ${i};BULK-${id}-${i};Brand ${i % 40};;${(i % 90) + 5},50;${(i % 90) + 9},90;${i % 60};Supplier`,
    );
    const csv = ["name;sku;brand;category;purchasePrice;sellingPrice;stockLevel;supplier", ...rows].join(
      "\n",
    );
    await page.goto("/products/import");
    await page
      .locator("#import-file")
      .setInputFiles({ name: "catalogue.csv", mimeType: "text/csv", buffer: Buffer.from(csv) });
    await page.getByRole("button", { name: "Check the file" }).click();
    await expect(page.getByTestId("import-summary")).toHaveText("10,000 rows: 10,000 ready, 0 with errors.");
    await page.getByRole("button", { name: "Import 10,000 products" }).click();
    await expect(page.getByTestId("toast")).toContainText("10,000 products imported");
    const imported = await (await page.request.get(`/api/products?search=BULK-${id}&limit=1`)).json();
    expect(imported.total).toBe(10_000);
    const stats = await (await page.request.get("/api/dashboard/stats")).json();
    expect(stats.totalProducts).toBeGreaterThanOrEqual(10_000);
  });
});

test.describe("a salesperson", () => {
  test.use({ role: "salesperson" });

  test("cannot open the import", async ({ signedIn: { page } }) => {
    await page.goto("/");
    await expect(page.getByRole("link", { name: "Bulk Import" })).toHaveCount(0);
    await page.goto("/products/import");
    await expect(page.getByTestId("toast")).toContainText("Access Denied");
  });
});
