import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";

type Product = { name: string; sku: string; ean: string | null; sellingPrice: string };

/** Two products of the demo catalogue, found by name (each with an EAN). */
async function demoProducts(page: Page): Promise<Product[]> {
  const find = async (search: string) =>
    (
      (await (await page.request.get(`/api/products?search=${encodeURIComponent(search)}`)).json())
        .products as Product[]
    ).find((p) => p.ean) as Product;
  return [await find("ThinkPad E14"), await find("iPhone 16 128GB")];
}

for (const javaScriptEnabled of [true, false]) {
  test.describe(`with JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled, role: "salesperson" });

    test("scanning builds a list with quantities and a total; unknown codes are reported", async ({
      signedIn: { page },
    }) => {
      const [first, second] = await demoProducts(page);
      await page.goto("/barcode-scanner");
      await expect(page.getByText("No items scanned yet")).toBeVisible();
      const scan = async (code: string) => {
        await page.locator("#scan-code").fill(code);
        await page.getByRole("button", { name: "Add", exact: true }).click();
      };
      await scan(first.sku.toLowerCase());
      await expect(page.getByTestId("toast")).toContainText(`${first.name} added to the list`);
      await expect(page.getByTestId("scanned-summary")).toContainText("1 item");
      await scan(second.ean ?? "");
      await expect(page.getByTestId("scanned-summary")).toContainText("2 items");
      await scan(first.sku);
      await expect(page.getByTestId("scanned-summary")).toContainText("3 items");
      await expect(page.getByTestId("scanned-item")).toHaveCount(2);
      const firstRow = page.getByTestId("scanned-item").filter({ hasText: first.sku });
      await expect(firstRow.getByTestId("scanned-quantity")).toHaveText("2");
      // The list belongs to the user's location (issue #32): its stock there beside the total.
      await expect(page.getByTestId("scanned-location")).toContainText("Main store");
      await expect(firstRow.getByTestId("scanned-stock")).toHaveText(/^[\d,]+ \/ [\d,]+$/);
      const total =
        (2 * Math.round(Number(first.sellingPrice) * 100) + Math.round(Number(second.sellingPrice) * 100)) /
        100;
      const money = new Intl.NumberFormat("en-GB", { style: "currency", currency: "EUR" }).format(total);
      await expect(page.getByTestId("scanned-summary")).toHaveText(`3 items, total ${money}`);

      await firstRow.getByRole("button", { name: /^One less/ }).click();
      await expect(firstRow.getByTestId("scanned-quantity")).toHaveText("1");
      await firstRow.getByRole("button", { name: /^One less/ }).click();
      await expect(page.getByTestId("scanned-item")).toHaveCount(1);

      await scan("NO-SUCH-CODE-123");
      await expect(page.getByTestId("toast")).toContainText("Product Not Found");
      await expect(page.getByTestId("toast")).toContainText(
        "No product found with barcode/SKU NO-SUCH-CODE-123",
      );

      await page.getByRole("button", { name: "Clear all" }).click();
      await expect(page.getByText("No items scanned yet")).toBeVisible();
    });
  });
}

test.describe("with JavaScript", () => {
  test.use({ role: "salesperson" });

  test("a 13-digit code submits by itself", async ({ signedIn: { page } }) => {
    const [product] = await demoProducts(page);
    await page.goto("/barcode-scanner");
    // The automatic submit exists once the page is hydrated; keys typed before that are lost when
    // the field hydrates.
    await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
    await page.locator("#scan-code").pressSequentially(product.ean ?? "");
    await expect(page.getByTestId("scanned-item")).toHaveCount(1);
    await expect(page.getByTestId("scanned-item")).toContainText(product.sku);
    // The code left the field once sent: pressing Add afterwards adds nothing twice.
    await expect(page.locator("#scan-code")).toHaveValue("");
    await page.getByRole("button", { name: "Add", exact: true }).click();
    await expect(page.getByTestId("scanned-quantity")).toHaveText("1");
    await expect(page.getByTestId("scanned-summary")).toContainText("1 item");
  });
});
