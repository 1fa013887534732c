import { expect, test, uniqueId } from "./fixtures";

/**
 * A user on a slow link starts typing into a route dialog's form before the page's script has
 * loaded. When the script takes over, the dialog becomes a modal around the same form: nothing
 * typed is lost and the cursor stays where it was.
 */

type Case = { path: string; form: string; fields: Record<string, string>; created: (id: string) => string };

const CASES: Case[] = [
  {
    path: "/products/new",
    form: "product-new",
    fields: {
      name: "Slow Link Speaker",
      sku: "SLOW-",
      brand: "Genelec",
      purchasePrice: "100,00",
      sellingPrice: "199,00",
      supplier: "Nordic Audio",
    },
    created: (id) => `/api/products?search=SLOW-${id}`,
  },
  {
    path: "/customers/new",
    form: "customer-new",
    fields: { firstName: "Hidas", email: "slow-", lastName: "Yhteys" },
    created: (id) => `/api/customers?search=slow-${id}`,
  },
  {
    path: "/categories/new",
    form: "category-new",
    fields: { name: "Slow category ", description: "Typed before hydration" },
    created: () => "/api/categories",
  },
  {
    path: "/campaigns/new",
    form: "campaign-new",
    fields: { name: "Slow campaign ", description: "Typed before hydration" },
    created: () => "/api/campaigns",
  },
];

test.use({ role: "admin" });

for (const { path, form, fields, created } of CASES) {
  test(`${path}: what was typed before the script loaded stays in the form`, async ({
    signedIn: { page },
  }) => {
    const id = uniqueId();
    const values = Object.fromEntries(
      Object.entries(fields).map(([name, value]) => [
        name,
        value.endsWith("-") || value.endsWith(" ")
          ? `${value}${id}${name === "email" ? "@e2e.test" : ""}`
          : value,
      ]),
    );
    // Hold the scripts back until the typing is done.
    let release = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route("**/assets/*.js", async (route) => {
      await released;
      await route.continue();
    });
    await page.goto(path, { waitUntil: "domcontentloaded" });
    const dialog = page.locator("[role=dialog]");
    await expect(dialog).toHaveAttribute("data-mode", "inline");
    const names = Object.keys(values);
    for (const name of names) await page.locator(`#${form} [name=${name}]`).fill(values[name]);
    const last = page.locator(`#${form} [name=${names[names.length - 1]}]`);
    await last.focus();

    release();
    await expect(dialog).toHaveAttribute("data-mode", "modal");
    for (const name of names) await expect(page.locator(`#${form} [name=${name}]`)).toHaveValue(values[name]);
    await expect(last).toBeFocused();

    await page.keyboard.type("!");
    await expect(last).toHaveValue(`${values[names[names.length - 1]]}!`);
    if (form === "campaign-new") {
      await page.locator(`#${form} [name=startDate]`).fill("2026-12-01");
      await page.locator(`#${form} [name=endDate]`).fill("2026-12-31");
    }
    await page.locator(`#${form} button[type=submit]`).click();
    await expect(dialog).toHaveCount(0);
    const list = await (await page.request.get(created(id))).text();
    expect(list).toContain(id);
  });
}

test("a delete confirmation focuses Cancel: Enter alone deletes nothing", async ({ signedIn: { page } }) => {
  const id = uniqueId();
  const created = await page.request.post("/api/products", {
    data: {
      name: `Keep ${id}`,
      sku: `KEEP-${id}`,
      brand: "X",
      purchasePrice: "1",
      sellingPrice: "2",
      supplier: "S",
    },
  });
  const product = await created.json();
  await page.goto(`/products?search=KEEP-${id}`);
  await page.getByRole("link", { name: `Delete: Keep ${id}` }).click();
  await expect(page.locator("[role=dialog][data-mode=modal]")).toBeVisible();
  await expect(page.getByRole("link", { name: "Cancel" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.locator("[role=dialog]")).toHaveCount(0);
  expect((await page.request.get(`/api/products/${product.id}`)).status()).toBe(200);
});

test("a form's own checks run in the browser once its schema has loaded: a blur shows the error, no request", async ({
  signedIn: { page },
}) => {
  const posts: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST") posts.push(request.url());
  });
  await page.goto("/categories/new");
  await expect(page.locator("[role=dialog]")).toHaveAttribute("data-mode", "modal");
  // The schema and zod arrive after hydration, as chunks of their own: a blur before then checks
  // nothing, so the blur is repeated until they are there.
  const name = page.locator("#category-new-name");
  await expect(async () => {
    await name.fill("   ");
    await name.blur();
    await expect(page.getByText("Enter a name for the category")).toBeVisible({ timeout: 500 });
  }).toPass();
  expect(posts).toEqual([]);
});
