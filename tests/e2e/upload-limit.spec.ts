import { BASE_URL } from "../../playwright.config";
import { expect, test, uniqueId } from "./fixtures";

// The import pages take files up to 16 MB (server.ts); a larger one never reaches the import.
const LIMIT_MB = 16;

/** A product file just over the limit whose first row names a product no other test has. */
function overLimitFile(sku: string) {
  const header = "name;sku;brand;purchasePrice;sellingPrice;supplier";
  const row = `Too Large ${sku};${sku};Volt;10,00;19,90;Tukku Oy`;
  const padding = `${"Padding row;PAD;Volt;1,00;2,00;Tukku Oy\n".repeat(Math.ceil((LIMIT_MB + 1) * 25_000))}`;
  return {
    name: `too-large-${sku}.csv`,
    mimeType: "text/csv",
    buffer: Buffer.from(`${header}\n${row}\n${padding}`),
  };
}

for (const javaScriptEnabled of [true, false]) {
  test.describe(`with JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled, role: "manager" });

    test("a file over the upload limit sent from the import page's form comes back to the import page with the message, and nothing is imported", async ({
      signedIn: { page },
    }) => {
      const sku = `BIG-${uniqueId().toUpperCase()}`;
      const file = overLimitFile(sku);
      expect(file.buffer.length).toBeGreaterThan(LIMIT_MB * 1_000_000);
      await page.goto("/products/import");
      await page.locator("#import-file").setInputFiles(file);
      await page.getByRole("button", { name: "Check the file" }).click();

      await expect(page.getByTestId("toast")).toContainText(
        `The file is too large: a form can send at most ${LIMIT_MB} MB. Nothing was saved.`,
      );
      await expect(page.getByTestId("toast")).toHaveAttribute("data-type", "error");
      await expect(page).toHaveURL(/\/products\/import$/);
      await expect(page.getByRole("button", { name: "Check the file" })).toBeVisible();
      // No import was made of it (the page lists the latest ones), and no product.
      await expect(page.getByText(file.name)).toHaveCount(0);
      expect((await (await page.request.get(`/api/products?search=${sku}`)).json()).total).toBe(0);
    });
  });
}

test.describe("in Finnish", () => {
  test.use({ javaScriptEnabled: false, role: "manager" });

  test("the message is Finnish", async ({ signedIn: { page } }) => {
    await page
      .context()
      .addCookies([
        { name: "lng", value: Buffer.from(JSON.stringify("fi")).toString("base64"), url: BASE_URL },
      ]);
    await page.goto("/products/import");
    await page.locator("#import-file").setInputFiles(overLimitFile(`BIG-${uniqueId().toUpperCase()}`));
    await page.locator("button[name=intent][value=preview]").click();
    await expect(page.getByTestId("toast")).toContainText(
      `Tiedosto on liian suuri: lomakkeella voi lähettää enintään ${LIMIT_MB} Mt. Mitään ei tallennettu.`,
    );
    await expect(page).toHaveURL(/\/products\/import$/);
  });
});

test("the API still answers an over-limit body with 413 and a JSON message", async ({ request }) => {
  const response = await request.post("/api/products", {
    headers: { "Content-Type": "application/json" },
    data: JSON.stringify({ name: "x".repeat(1_100_000) }),
  });
  expect(response.status()).toBe(413);
  expect(response.headers()["content-type"]).toContain("application/json");
  expect(await response.json()).toEqual({ message: "Request body too large" });
});
