import { createUser, expect, signInQuickly, test } from "./fixtures";

test("switching to Suomi translates the shell, sets the document language and survives a reload", async ({
  page,
  request,
}) => {
  await signInQuickly(page, await createUser(request, "manager"));
  await page.goto("/");
  const saved = page.waitForResponse((r) => r.url().includes("/language") && r.request().method() === "POST");
  await page.locator("#language").selectOption("fi");
  await expect(page.getByRole("link", { name: "Tuotteet", exact: true })).toBeVisible();
  await expect(page.getByRole("link", { name: "Yleisnäkymä", exact: true })).toBeVisible();
  await saved;
  await expect(page.locator("html")).toHaveAttribute("lang", "fi");
  expect(await page.evaluate(() => localStorage.getItem("language"))).toBe("fi");
  await page.reload();
  await expect(page.getByRole("heading", { name: "Yleisnäkymä" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Tuotteet", exact: true })).toBeVisible();
  await expect(page.locator("html")).toHaveAttribute("lang", "fi");

  const savedBack = page.waitForResponse(
    (r) => r.url().includes("/language") && r.request().method() === "POST",
  );
  await page.locator("#language").selectOption("en");
  await expect(page.getByRole("link", { name: "Products", exact: true })).toBeVisible();
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await savedBack;
  expect(await page.evaluate(() => localStorage.getItem("language"))).toBe("en");
  await page.reload();
  await expect(page.getByRole("heading", { name: "Dashboard", level: 1 })).toBeVisible();
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
});

test.describe("with JavaScript off", () => {
  test.use({ javaScriptEnabled: false });

  test("the language form switches to Finnish and back", async ({ page, request }) => {
    await signInQuickly(page, await createUser(request, "salesperson"));
    await page.goto("/products");
    await page.locator("#language").selectOption("fi");
    await page.getByRole("button", { name: "Change", exact: true }).click();
    await expect(page).toHaveURL(/\/products$/);
    await expect(page.getByRole("heading", { name: "Tuotteet", level: 1 })).toBeVisible();
    await expect(page.getByRole("link", { name: "Yleisnäkymä", exact: true })).toBeVisible();
    await expect(page.locator("html")).toHaveAttribute("lang", "fi");
    await page.reload();
    await expect(page.getByRole("link", { name: "Tuotteet", exact: true })).toBeVisible();
    await page.locator("#language").selectOption("en");
    await page.getByRole("button", { name: "Vaihda", exact: true }).click();
    await expect(page.getByRole("heading", { name: "Products", level: 1 })).toBeVisible();
    await expect(page.getByRole("link", { name: "Dashboard", exact: true })).toBeVisible();
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
  });
});

test("the sign-in page follows the chosen language too", async ({ page, request }) => {
  await signInQuickly(page, await createUser(request, "salesperson"));
  await page.goto("/");
  const saved = page.waitForResponse((r) => r.url().includes("/language") && r.request().method() === "POST");
  await page.locator("#language").selectOption("fi");
  await saved;
  await page.getByRole("button", { name: "Kirjaudu ulos" }).click();
  // Signing out lands on the landing page: only then is the session gone (going to /login before
  // that would find the user still signed in and be sent on to the dashboard).
  await expect(page.getByRole("link", { name: "Kirjaudu sisään jatkaaksesi" })).toBeVisible();
  await page.goto("/login");
  await expect(page.getByRole("heading", { name: "Kirjaudu tilillesi" })).toBeVisible();
});

test("a browser that remembers Finnish gets it back when the cookie is gone", async ({ page, context }) => {
  await page.goto("/login");
  await page.evaluate(() => localStorage.setItem("language", "fi"));
  await context.clearCookies();
  await page.goto("/login");
  await expect(page.getByRole("heading", { name: "Kirjaudu tilillesi" })).toBeVisible();
  await expect(page.locator("html")).toHaveAttribute("lang", "fi");
});

test("browser tab titles follow the interface language", async ({ page, request }) => {
  await signInQuickly(page, await createUser(request, "admin"));
  const titles: [string, string, string | null][] = [
    ["/products", "Products", "Tuotteet"],
    ["/customers", "Customers", "Asiakkaat"],
    ["/categories", "Categories", "Tuoteryhmät"],
    ["/campaigns", "Campaigns", "Kampanjat"],
    ["/inventory", "Inventory", "Varasto"],
    ["/margin-calculator", "Margin Calculator", "Katelaskuri"],
    ["/barcode-scanner", "Barcode Scanner", "Viivakoodinlukija"],
    ["/reports", "Reports", "Raportit"],
    ["/notifications", "Notifications", "Ilmoitukset"],
    ["/users", "User Management", "Käyttäjien hallinta"],
    ["/products/import", "Import products", null],
    ["/account", "My Account", null],
  ];
  for (const [path, en] of titles) {
    await page.goto(path);
    await expect(page, path).toHaveTitle(`${en} · VoltStock`);
  }
  await page.goto("/");
  const saved = page.waitForResponse((r) => r.url().includes("/language") && r.request().method() === "POST");
  await page.locator("#language").selectOption("fi");
  await saved;
  for (const [path, en, fi] of titles) {
    await page.goto(path);
    const title = await page.title();
    expect(title, path).toMatch(/ · VoltStock$/);
    expect(title, path).not.toBe(`${en} · VoltStock`);
    if (fi) expect(title, path).toBe(`${fi} · VoltStock`);
  }
});
