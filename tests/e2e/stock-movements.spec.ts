import type { APIRequestContext } from "@playwright/test";
import { BASE_URL } from "../../playwright.config";
import { createUser, expect, signInQuickly, test, uniqueId } from "./fixtures";

/** A product of the test's own, made through the API by the signed-in user (a manager or admin). */
async function stockedProduct(request: APIRequestContext, stockLevel: number) {
  const id = uniqueId().toUpperCase();
  const answer = await request.post("/api/products", {
    data: {
      name: `Ledger Cable ${id}`,
      sku: `LEDGER-${id}`,
      brand: "Anker",
      purchasePrice: "4.00",
      sellingPrice: "12.90",
      supplier: "Tech Data",
      stockLevel,
    },
  });
  expect(answer.status(), await answer.text()).toBe(201);
  return (await answer.json()) as { id: number; name: string; sku: string };
}

for (const javaScriptEnabled of [false, true]) {
  test.describe(`a manager with JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ role: "manager", javaScriptEnabled });

    test("records damage on the product page and sees the stock and the ledger change; too much is refused", async ({
      signedIn: { page },
    }) => {
      const product = await stockedProduct(page.request, 12);
      await page.goto(`/products/${product.id}`);
      const ledger = page.getByTestId("stock-movement");
      await expect(ledger).toHaveCount(1);
      await expect(ledger.first()).toContainText("Opening stock");
      await expect(ledger.first().getByTestId("movement-quantity")).toHaveText("+12");

      const form = page.getByRole("form", { name: "Record a stock movement" });
      await form.getByLabel("Quantity").fill("-3");
      await form.getByLabel("Reason").selectOption({ label: "Damage" });
      await form.getByLabel("Note (optional)").fill("Dropped in the warehouse");
      await form.getByRole("button", { name: "Record movement" }).click();
      await expect(page.getByTestId("toast")).toContainText("Stock movement recorded: -3, 9 in stock");
      await expect(page.getByText("9 pcs", { exact: true })).toBeVisible();
      await expect(ledger).toHaveCount(2);
      // The stock chart draws the two levels (opening 12, then 9).
      await expect(page.getByRole("img", { name: "Stock level over the latest movements" })).toBeVisible();
      await expect(ledger.first()).toContainText("Damage");
      await expect(ledger.first()).toContainText("Dropped in the warehouse");
      await expect(ledger.first()).toContainText("Manager");
      await expect(ledger.first().getByTestId("movement-quantity")).toHaveText("−3");
      await expect(ledger.first().getByTestId("movement-stock-after")).toHaveText("9");

      // More than the stock: refused on the quantity, the toast names the product; nothing moves.
      await form.getByLabel("Quantity").fill("-10");
      await form.getByLabel("Reason").selectOption({ label: "Sale" });
      await form.getByRole("button", { name: "Record movement" }).click();
      // With JavaScript the last success toast may still show beside it.
      await expect(page.getByTestId("toast").filter({ hasText: "Not enough stock" })).toContainText(
        `Not enough stock of ${product.name} (${product.sku}) in Main store: 9 there, 10 to take out`,
      );
      await expect(form.getByText("There is not that much in stock")).toBeVisible();
      await expect(ledger).toHaveCount(2);

      // A sign against its reason, and no quantity: each field says what is wrong.
      await form.getByLabel("Quantity").fill("5");
      await form.getByLabel("Reason").selectOption({ label: "Damage" });
      await form.getByRole("button", { name: "Record movement" }).click();
      await expect(
        form.getByText("A sale or damage takes stock out: enter a negative quantity, e.g. -2"),
      ).toBeVisible();
      await form.getByLabel("Quantity").fill("0");
      await form.getByRole("button", { name: "Record movement" }).click();
      await expect(
        form.getByText("Enter a whole number other than 0, at most 1,000,000 either way"),
      ).toBeVisible();
      await page.goto(`/products/${product.id}`);
      await expect(ledger).toHaveCount(2);
      await expect(page.getByText("9 pcs", { exact: true })).toBeVisible();
    });
  });
}

test.describe("a manager with JavaScript off", () => {
  test.use({ role: "manager", javaScriptEnabled: false });

  test("the ledger pages ten at a time and reads in Finnish", async ({ signedIn: { page } }) => {
    const product = await stockedProduct(page.request, 5);
    for (let i = 1; i <= 11; i++) {
      const answer = await page.request.post("/api/stock-movements", {
        data: { productId: product.id, quantity: i, reason: "receipt", note: `Delivery ${i}` },
      });
      expect(answer.status(), await answer.text()).toBe(201);
    }
    await page.context().addCookies([
      {
        name: "lng",
        value: encodeURIComponent(Buffer.from(JSON.stringify("fi")).toString("base64")),
        url: BASE_URL,
      },
    ]);
    await page.goto(`/products/${product.id}`);
    const ledger = page.getByTestId("stock-movement");
    await expect(ledger).toHaveCount(10);
    await expect(ledger.first()).toContainText("Vastaanotto");
    await expect(ledger.first()).toContainText("Delivery 11");
    await expect(page.getByTestId("stock-ledger-total")).toHaveText("Sivu 1/2 (12 tapahtumaa)");
    await page.getByTestId("stock-ledger").getByRole("link", { name: "Seuraava" }).click();
    await expect(page).toHaveURL(/movements=2/);
    await expect(ledger).toHaveCount(2);
    await expect(ledger.last()).toContainText("Alkusaldo");
    await expect(ledger.first()).toContainText("Delivery 1");
  });

  test("editing the stock level in the product form records the difference with the reason chosen", async ({
    signedIn: { page },
  }) => {
    const product = await stockedProduct(page.request, 12);
    await page.goto(`/products/${product.id}/edit`);
    const edit = page.locator("form[id^=product-edit]");
    await edit.locator("[name=stockLevel]").fill("20");
    await edit.locator("[name=stockReason]").selectOption({ label: "Receipt" });
    await page.getByRole("button", { name: "Save Product" }).click();
    await expect(page.getByTestId("toast")).toContainText("Product updated successfully");
    await page.goto(`/products/${product.id}`);
    const first = page.getByTestId("stock-movement").first();
    await expect(first).toContainText("Receipt");
    await expect(first.getByTestId("movement-quantity")).toHaveText("+8");
    await expect(first.getByTestId("movement-stock-after")).toHaveText("20");
  });
});

test.describe("a salesperson", () => {
  test.use({ role: "salesperson", javaScriptEnabled: false });

  test("sees the ledger but no form, and cannot record a movement", async ({
    signedIn: { page },
    browser,
  }) => {
    const managerPage = await browser.newPage();
    const manager = await createUser(managerPage.request, "manager");
    await signInQuickly(managerPage, manager);
    const product = await stockedProduct(managerPage.request, 7);
    await managerPage.close();

    await page.goto(`/products/${product.id}`);
    await expect(page.getByTestId("stock-movement")).toHaveCount(1);
    await expect(page.getByTestId("stock-movement").first()).toContainText("Opening stock");
    await expect(page.getByRole("form", { name: "Record a stock movement" })).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Record movement" })).toHaveCount(0);

    const refused = await page.request.post(`/products/${product.id}`, {
      form: { intent: "stock-movement", quantity: "-1", reason: "damage" },
      maxRedirects: 0,
    });
    expect(refused.status()).toBe(302);
    expect(
      (
        await page.request.post("/api/stock-movements", {
          data: { productId: product.id, quantity: -1, reason: "damage" },
        })
      ).status(),
    ).toBe(403);
    await page.goto(`/products/${product.id}`);
    await expect(page.getByTestId("stock-movement")).toHaveCount(1);
  });
});
