import type { Locator } from "@playwright/test";
import { expect, test, uniqueId } from "./fixtures";

/**
 * Issue #9 item 8: one submit shows every field's error, a duplicate SKU or e-mail included; an
 * amount says what is wrong with it; the error toast neither covers the dialog's buttons nor repeats
 * a field's message. With and without JavaScript.
 */

async function overlaps(a: Locator, b: Locator) {
  const [boxA, boxB] = [await a.boundingBox(), await b.boundingBox()];
  if (!boxA || !boxB) return false;
  return !(
    boxA.x + boxA.width <= boxB.x ||
    boxB.x + boxB.width <= boxA.x ||
    boxA.y + boxA.height <= boxB.y ||
    boxB.y + boxB.height <= boxA.y
  );
}

for (const javaScriptEnabled of [true, false]) {
  test.describe(`with JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled, role: "admin" });

    test("the product form shows every error after one submit, the duplicate SKU too, and writes nothing", async ({
      signedIn: { page },
    }) => {
      const id = uniqueId();
      const taken = `TAKEN-${id}`.toUpperCase();
      const existing = await page.request.post("/api/products", {
        data: {
          name: `Taken ${id}`,
          sku: taken,
          brand: "B",
          purchasePrice: "1",
          sellingPrice: "2",
          supplier: "S",
        },
      });
      expect(existing.status()).toBe(201);

      await page.goto("/products/new");
      const dialog = page.getByRole("dialog");
      await dialog.locator("#product-new-sku").fill(taken.toLowerCase());
      await dialog.locator("#product-new-brand").fill(`Brand ${id}`);
      await dialog.locator("#product-new-purchasePrice").fill("-5");
      await dialog.locator("#product-new-sellingPrice").fill("99999999999");
      await dialog.locator("#product-new-supplier").fill("Supplier");
      // Enter submits from the field (see the customer form below: a shift under a click loses it).
      await dialog.locator("#product-new-supplier").press("Enter");

      await expect(dialog.getByText("Another product already has this SKU")).toBeVisible();
      await expect(dialog.getByText("Required", { exact: true })).toBeVisible(); // the name
      await expect(dialog.getByText("The amount cannot be negative")).toBeVisible();
      await expect(dialog.getByText("The amount can be at most €99,999,999.99")).toBeVisible();
      await expect(dialog.getByText("at most two decimals")).toHaveCount(0);

      // The toast points at the fields; it neither repeats them nor covers the buttons.
      const toast = page.getByTestId("toast");
      await expect(toast).toContainText("Please check all required fields");
      await expect(toast).not.toContainText("SKU");
      for (const button of await dialog.locator("button:not([data-testid=toast] button)").all()) {
        expect(await overlaps(toast, button)).toBe(false);
      }
      await page.screenshot({ path: test.info().outputPath("product-errors.png") });
      const found = await (await page.request.get(`/api/products?search=Brand%20${id}`)).json();
      expect(found.total).toBe(0);

      // Corrected, it saves.
      await dialog.locator("#product-new-name").fill(`Fixed ${id}`);
      await dialog.locator("#product-new-sku").fill(`FIXED-${id}`);
      await dialog.locator("#product-new-purchasePrice").fill("5");
      await dialog.locator("#product-new-sellingPrice").fill("9,90");
      await dialog.getByRole("button", { name: "Create Product" }).click();
      await expect(page.getByTestId("toast")).toContainText("Product created successfully");
      const saved = await (await page.request.get(`/api/products?search=FIXED-${id}`)).json();
      expect(saved.products[0]).toMatchObject({ purchasePrice: "5.00", sellingPrice: "9.90" });
    });

    test("the customer form shows a duplicate e-mail with its amount errors, in Finnish too", async ({
      signedIn: { page },
    }) => {
      const id = uniqueId();
      const email = `taken-${id}@asiakas.test`;
      const existing = await page.request.post("/api/customers", {
        data: { firstName: "A", lastName: "B", email },
      });
      expect(existing.status()).toBe(201);

      await page.goto("/customers/new");
      const dialog = page.getByRole("dialog");
      await dialog.locator("#customer-new-firstName").fill("Aino");
      await dialog.locator("#customer-new-lastName").fill(`Virtanen ${id}`);
      await dialog.locator("#customer-new-email").fill(email.toUpperCase());
      await dialog.locator("#customer-new-creditLimit").fill("-100");
      await dialog.locator("#customer-new-discountPercentage").fill("150");
      // Enter submits from the field: a click could be lost under the layout shift of the error
      // this field shows on blur (the button moves down while the click is in progress).
      await dialog.locator("#customer-new-discountPercentage").press("Enter");
      await expect(dialog.getByText("Another customer already has this email")).toBeVisible();
      await expect(dialog.getByText("The amount cannot be negative")).toBeVisible();
      await expect(dialog.getByText("The percentage can be at most 100")).toBeVisible();
      // Only the customer who had the address: nothing was written.
      expect(await (await page.request.get(`/api/customers?search=${id}`)).json()).toHaveLength(1);

      await page.context().addCookies([
        {
          name: "lng",
          value: encodeURIComponent(Buffer.from(JSON.stringify("fi")).toString("base64")),
          url: page.url(),
        },
      ]);
      await page.goto("/customers/new");
      await dialog.locator("#customer-new-firstName").fill("Aino");
      await dialog.locator("#customer-new-lastName").fill(`Virtanen ${id}`);
      await dialog.locator("#customer-new-email").fill(email);
      await dialog.locator("#customer-new-creditLimit").fill("123456789012");
      await dialog.locator("#customer-new-discountPercentage").fill("12,345");
      await dialog.getByRole("button", { name: "Luo asiakas" }).click();
      await expect(dialog.getByText(/Summa voi olla enintään 99\s999\s999,99\s€/)).toBeVisible();
      await expect(dialog.getByText("Käytä enintään kahta desimaalia, esimerkiksi 12,25")).toBeVisible();
      await expect(dialog.getByText("Toisella asiakkaalla on jo tämä sähköposti")).toBeVisible();
    });
  });
}

test("the API names what is wrong with an amount too", async ({ signedIn: { page } }) => {
  const id = uniqueId();
  const response = await page.request.post("/api/products", {
    data: { name: "N", sku: `AMT-${id}`, brand: "B", purchasePrice: -1, sellingPrice: "0", supplier: "S" },
  });
  expect(response.status()).toBe(400);
  const body = await response.json();
  expect(body.errors.purchasePrice).toEqual(["The amount cannot be negative"]);
  expect(body.errors.sellingPrice).toEqual(["The amount must be above zero"]);
});

test.describe("with JavaScript on, clicking the submit button straight from a wrong field", () => {
  test.use({ role: "admin" });

  test("the button stays under the pointer (no blur message first) and the click submits", async ({
    signedIn: { page },
  }) => {
    const id = uniqueId();
    const email = `straight-${id}@asiakas.test`;
    await page.request.post("/api/customers", { data: { firstName: "A", lastName: "B", email } });
    await page.goto("/customers/new");
    await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
    // The browser's checks (the schema, loaded after hydration) are there.
    await page.waitForLoadState("networkidle");
    const dialog = page.getByRole("dialog");
    await dialog.locator("#customer-new-firstName").fill("Aino");
    await dialog.locator("#customer-new-lastName").fill(`Virtanen ${id}`);
    await dialog.locator("#customer-new-email").fill(email);
    await dialog.locator("#customer-new-discountPercentage").fill("150");

    const save = dialog.getByRole("button", { name: "Create customer" });
    await save.scrollIntoViewIfNeeded();
    await expect(dialog.getByText("The percentage can be at most 100")).toHaveCount(0);
    const before = await save.boundingBox();
    if (!before) throw new Error("No submit button");
    await page.mouse.move(before.x + before.width / 2, before.y + before.height / 2);
    await page.mouse.down();
    // Between mouse-down (the field's blur) and mouse-up, nothing moves the button.
    await page.waitForTimeout(300);
    await expect(dialog.getByText("The percentage can be at most 100")).toHaveCount(0);
    expect((await save.boundingBox())?.y).toBe(before.y);
    await page.mouse.up();
    // The click submitted: the server's answer names the taken e-mail beside the field's error.
    await expect(dialog.getByText("Another customer already has this email")).toBeVisible();
    await expect(dialog.getByText("The percentage can be at most 100")).toBeVisible();
  });
});
