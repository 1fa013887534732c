import { LIST_PAGE_SIZE } from "../../app/models/product/list-page";
import { createUser, expect, signInQuickly, test } from "./fixtures";

type Product = { sku: string; stockLevel: number; marginCategory: string };

for (const javaScriptEnabled of [true, false]) {
  test.describe(`with JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });

    test("the inventory tabs list exactly the low-stock and the low-margin products", async ({
      page,
      request,
    }) => {
      await signInQuickly(page, await createUser(request, "salesperson"));
      // Every product, a thousand at a time (other tests may have imported thousands).
      const all = async () => {
        const products: Product[] = [];
        for (let offset = 0; ; offset += 1000) {
          const batch = (await (await page.request.get(`/api/products?limit=1000&offset=${offset}`)).json())
            .products as Product[];
          products.push(...batch);
          if (batch.length < 1000) return products;
        }
      };
      const skus = (products: Product[], keep: (p: Product) => boolean) =>
        new Set(products.filter(keep).map((p) => p.sku));
      const lowStock = (p: Product) => p.stockLevel <= 10;
      const lowMargin = (p: Product) => p.marginCategory === "low";

      for (const [tab, keep] of [
        ["low-stock", lowStock],
        ["low-margin", lowMargin],
      ] as const) {
        // Other tests add products meanwhile: what the page lists lies between the list before and after.
        const before = skus(await all(), keep);
        await page.goto(`/inventory?tab=${tab}`);
        const total = Number(await page.getByTestId("inventory-total").getAttribute("data-total"));
        const shown = await page.getByTestId("inventory-row").locator("td:nth-child(2)").allTextContents();
        const after = skus(await all(), keep);
        expect(total, tab).toBeGreaterThanOrEqual(before.size);
        expect(total, tab).toBeLessThanOrEqual(after.size);
        expect(shown.length, tab).toBe(Math.min(LIST_PAGE_SIZE, total));
        for (const sku of shown) expect(after, `${tab}: ${sku}`).toContain(sku);
      }

      await page.getByRole("link", { name: "All Inventory" }).click();
      await expect(page.getByTestId("inventory-row")).toHaveCount(LIST_PAGE_SIZE);
      await page.getByRole("link", { name: "Next" }).click();
      await expect(page).toHaveURL(/page=2/);
    });
  });
}
