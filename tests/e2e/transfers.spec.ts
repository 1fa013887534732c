import { createLocation, defaultLocation, expect, test, uniqueId } from "./fixtures";

test.use({ javaScriptEnabled: false });

/**
 * A manager moves stock between locations without JavaScript (issue #32): a new transfer from the
 * default location to a store, sent (in transit on the list and the product page), then received
 * with one unit short as damaged.
 */
test("a manager creates, sends and receives a transfer short with plain forms", async ({
  signedIn: { page },
}) => {
  const id = uniqueId();
  const source = await defaultLocation();
  const store = await createLocation(`Store JS-off ${id}`);
  const made = await page.request.post("/api/products", {
    data: {
      name: `Transfer speaker ${id}`,
      sku: `TRS-${id}`,
      brand: "JBL",
      supplier: `Speaker supplier ${id}`,
      purchasePrice: "50.00",
      sellingPrice: "99.00",
      stockLevel: 8,
    },
  });
  expect(made.status()).toBe(201);
  const product = await made.json();

  await page.goto("/transfers");
  await page.getByRole("link", { name: "New transfer" }).click();
  await expect(page.getByRole("heading", { name: "New transfer" })).toBeVisible();
  await page.getByLabel("From", { exact: true }).selectOption(String(source.id));
  await page.getByLabel("To", { exact: true }).selectOption(String(store.id));
  await page.getByLabel("Product 1: SKU").fill(product.sku);
  await page.locator("#line-0-quantity").fill("9");
  await page.getByRole("button", { name: "Create draft" }).click();
  // More than the source holds: refused naming the product, the form kept.
  await expect(page.getByTestId("form-errors")).toContainText(
    `Transfer speaker ${id} (TRS-${id}): ${source.name} holds 8`,
  );
  await expect(page.getByLabel("Product 1: SKU")).toHaveValue(product.sku);
  await page.locator("#line-0-quantity").fill("3");
  await page.getByRole("button", { name: "Create draft" }).click();
  await expect(page.getByTestId("toast")).toContainText("created as a draft");
  await expect(page.getByTestId("transfer-status")).toHaveText("Draft");

  await page.getByRole("link", { name: "Send" }).click();
  await page.getByTestId("move-confirm").getByRole("button", { name: "Send" }).click();
  await expect(page.getByTestId("toast")).toContainText("in transit");
  await expect(page.getByTestId("transfer-status")).toHaveText("In transit");
  await expect(page.getByTestId("transfer-in-transit")).toHaveText("3");
  const number = (await page.getByRole("heading", { level: 1 }).textContent())?.trim() ?? "";
  expect(number).toMatch(/^TR-/);
  const here = page.url();

  await page.goto(`/products/${product.id}`);
  await expect(page.getByTestId("product-in-transit")).toHaveText(`3 (${number})`);
  await page.goto(`/transfers?status=sent&location=${store.id}`);
  await expect(page.locator(`[data-testid="transfer-row"][data-number="${number}"]`)).toBeVisible();

  await page.goto(here);
  await page.getByLabel(`Received of Transfer speaker ${id}`).fill("2");
  await page.getByRole("button", { name: "Receive" }).click();
  await expect(page.getByTestId("receipt-errors")).toContainText("is short: say why");
  await page.getByLabel(`Received of Transfer speaker ${id}`).fill("2");
  await page.getByLabel(`Why Transfer speaker ${id} is short`).selectOption("damaged");
  await page.getByLabel(`What happened to Transfer speaker ${id}`).fill("Dropped");
  await page.getByRole("button", { name: "Receive" }).click();
  await expect(page.getByTestId("toast")).toContainText("1 units short");
  await expect(page.getByTestId("transfer-status")).toHaveText("Received");
  await expect(page.getByTestId("line-loss")).toHaveText("1 · Damaged · Dropped");
  expect((await (await page.request.get(`/api/products/${product.id}`)).json()).stockLevel).toBe(7);
});

test.describe("with JavaScript", () => {
  test.use({ javaScriptEnabled: true });

  test("a product's name typed in a SKU field offers it by its SKU", async ({ signedIn: { page } }) => {
    const id = uniqueId();
    const made = await page.request.post("/api/products", {
      data: {
        name: `Suggested soundbar ${id}`,
        sku: `SGS-${id}`,
        brand: "Sonos",
        supplier: `Soundbar supplier ${id}`,
        purchasePrice: "300.00",
        sellingPrice: "499.00",
      },
    });
    expect(made.status()).toBe(201);
    await page.goto("/transfers/new");
    await page.getByLabel("Product 1: SKU").pressSequentially(`soundbar ${id}`);
    await expect(page.locator(`#product-suggestions option[value="SGS-${id}"]`)).toHaveAttribute(
      "label",
      `Suggested soundbar ${id}`,
    );
  });
});
