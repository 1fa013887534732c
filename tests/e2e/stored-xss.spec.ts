import type { Page } from "@playwright/test";
import { expect, test, uniqueId } from "./fixtures";

/**
 * Stored input that tries to become markup: every text field of every record, filled with script
 * and attribute-breaking payloads through the API, renders as text on every page that shows it.
 * No dialog opens, no element the payload names appears, and the text itself is on the page.
 */
test.describe.configure({ timeout: 90_000 });
test.use({ role: "admin" });

const payload = (marker: string) =>
  [
    `<script>alert("${marker}")</script>`,
    `"><img src=x onerror=alert(1) data-xss="${marker}">`,
    `'><svg onload=alert(1) data-xss='${marker}'>`,
    `{{constructor.constructor('alert(1)')()}}`,
  ].join(" ");

async function expectOnlyText(page: Page, path: string, marker: string, showsText = true) {
  const response = await page.goto(path);
  expect(response?.status(), path).toBe(200);
  await page.locator("html[data-hydrated]").or(page.locator("body")).first().waitFor();
  const injected = await page.evaluate(
    (mark) =>
      [
        ...document.querySelectorAll(`[data-xss*="${mark}"], [onerror], [onload]`),
        // A script of the payload's own (the page's data, in Remix's script, holds it escaped).
        ...[...document.querySelectorAll("script")].filter((script) =>
          script.textContent?.includes(`alert("${mark}")`),
        ),
      ].length,
    marker,
  );
  expect(injected, `${path}: markup from stored text`).toBe(0);
  if (showsText) await expect(page.getByText(`alert("${marker}")`).first(), path).toBeAttached();
}

test("text fields holding markup render as text on every page that shows them", async ({
  signedIn: { page },
}) => {
  const dialogs: string[] = [];
  page.on("dialog", (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  const marker = `x${uniqueId()}`;
  const text = payload(marker);
  const short = text.slice(0, 100);
  const api = page.request;
  const made = async (path: string, data: object) => {
    const answer = await api.post(path, { data });
    expect(answer.status(), `${path}: ${await answer.text()}`).toBe(201);
    return (await answer.json()) as { id: number };
  };
  const category = await made("/api/categories", { name: short, description: text });
  const product = await made("/api/products", {
    name: text.slice(0, 200),
    sku: `XSS-${marker}`,
    brand: short,
    supplier: short,
    purchasePrice: "10.00",
    sellingPrice: "19.90",
    stockLevel: 1,
    categoryId: category.id,
  });
  const today = new Date().toISOString().slice(0, 10);
  const campaign = await made("/api/campaigns", {
    name: short,
    description: text,
    startDate: today,
    endDate: today,
  });
  await made(`/api/campaigns/${campaign.id}/products`, { productId: product.id, discountPercent: 10 });
  const customer = await made("/api/customers", {
    firstName: short,
    lastName: short,
    email: `${marker}@e2e.test`,
    company: short,
    address: short,
    city: short.slice(0, 100),
    notes: text,
    customerType: "business",
  });
  const rule = await made("/api/automation-rules", {
    name: short,
    type: "reorder",
    conditions: { stockBelow: 5 },
  });
  const user = await made("/api/users", {
    email: `xss-${marker}@e2e.test`,
    password: "secret123",
    firstName: short,
    lastName: short,
    role: "salesperson",
  });

  const pages: [string, boolean?][] = [
    // The dashboard's latest products may already show other tests' newer ones.
    ["/", false],
    [`/products?search=${marker}`],
    [`/products/${product.id}`],
    [`/products/${product.id}/edit`, false],
    ["/categories"],
    [`/categories/${category.id}/edit`, false],
    ["/campaigns"],
    [`/campaigns/${campaign.id}`],
    [`/campaigns/${campaign.id}/edit`, false],
    [`/customers?search=${marker}`],
    [`/customers/${customer.id}/edit`, false],
    ["/notifications/rules"],
    [`/notifications/rules/${rule.id}/edit`, false],
    ["/users"],
    [`/users/${user.id}/edit`, false],
    [`/audit?type=product&id=${product.id}`],
    [`/products/${product.id}/delete`, false],
  ];
  for (const [path, showsText] of pages) await expectOnlyText(page, path, marker, showsText ?? true);
  // Forms show the stored text as the fields' values, untouched.
  await page.goto(`/customers/${customer.id}/edit`);
  await expect(page.locator("textarea[name=notes]")).toHaveValue(text);
  expect(dialogs).toEqual([]);
});
