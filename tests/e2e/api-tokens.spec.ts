import { request as playwrightRequest } from "@playwright/test";
import { BASE_URL } from "../../playwright.config";
import { expect, test, uniqueId } from "./fixtures";

function withToken(token: string) {
  return playwrightRequest.newContext({
    baseURL: BASE_URL,
    extraHTTPHeaders: { Authorization: `Bearer ${token}` },
  });
}

test.describe("API tokens", () => {
  test.use({ role: "admin", javaScriptEnabled: false });

  test("an admin makes a token on /users, sees it once; it acts with its role, is rate limited, shows its last use and stops when revoked", async ({
    signedIn: { page, user },
  }) => {
    const name = `ERP ${uniqueId()}`;
    await page.goto("/users");
    await page.locator("#token-name").fill(name);
    await page.locator("#token-role").selectOption("manager");
    await page.getByRole("button", { name: "Create token" }).click();
    const shown = page.getByTestId("new-api-token");
    await expect(shown).toBeVisible();
    const token = (await shown.textContent())?.trim() ?? "";
    expect(token).toMatch(/^vs_[A-Za-z0-9_-]{43}$/);
    await page.goto("/users");
    await expect(page.getByTestId("new-api-token")).toHaveCount(0);
    const row = page.getByTestId("token-row").filter({ hasText: name });
    await expect(row).toContainText("Manager");
    await expect(row).toContainText("Never");
    await expect(row).toContainText(token.slice(0, 8));

    const api = await withToken(token);
    expect((await api.get("/api/auth/user")).status()).toBe(200);
    expect(await (await api.get("/api/auth/user")).json()).toMatchObject({
      email: user.email,
      role: "manager",
    });
    const sku = `TOK-${uniqueId()}`;
    const created = await api.post("/api/products", {
      data: {
        name: "Token Lamp",
        sku,
        brand: "B",
        purchasePrice: "10.00",
        sellingPrice: "19.90",
        supplier: "S",
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    const product = await created.json();
    // A manager's token may not delete products (admins only), whoever made it.
    expect((await api.delete(`/api/products/${product.id}`)).status()).toBe(403);

    // The audit log names the token and its admin.
    await page.goto(`/audit?type=product&id=${product.id}`);
    await expect(page.getByTestId("audit-row").first()).toContainText(`API token "${name}" of`);

    await page.goto("/users");
    await expect(page.getByTestId("token-row").filter({ hasText: name })).not.toContainText("Never");

    // Its own rate limit (API_TOKEN_RATE_LIMIT=40 a minute on the e2e server), counted in PostgreSQL.
    const answers = await Promise.all(Array.from({ length: 90 }, () => api.get("/api/auth/user")));
    const limited = answers.filter((answer) => answer.status() === 429);
    expect(limited.length).toBeGreaterThan(0);
    expect(Number(limited[0].headers()["retry-after"])).toBeGreaterThanOrEqual(1);
    expect(answers.every((answer) => [200, 429].includes(answer.status()))).toBe(true);

    await page
      .getByTestId("token-row")
      .filter({ hasText: name })
      .getByRole("button", { name: /Revoke/ })
      .click();
    await expect(page.getByTestId("toast")).toContainText("The token was revoked");
    await expect(page.getByTestId("token-row").filter({ hasText: name })).toHaveAttribute(
      "data-revoked",
      "true",
    );
    const refused = await api.get("/api/products?limit=1");
    expect(refused.status()).toBe(401);
    expect((await refused.json()).message).toContain("not valid");
    await api.dispose();
  });

  test("a token that is wrong, of another scheme or empty is refused 401; a salesperson's token only reads", async ({
    signedIn: { page },
  }) => {
    for (const header of ["Bearer vs_nope", "Basic YTpi", "Bearer ", `Bearer vs_${"A".repeat(43)}`]) {
      const answer = await page.request.fetch("/api/products?limit=1", {
        headers: { Authorization: header, Cookie: "" },
      });
      expect(answer.status(), header).toBe(401);
    }
    await page.goto("/users");
    await page.locator("#token-name").fill(`Shop screen ${uniqueId()}`);
    await page.locator("#token-role").selectOption("salesperson");
    await page.getByRole("button", { name: "Create token" }).click();
    const token = (await page.getByTestId("new-api-token").textContent())?.trim() ?? "";
    const api = await withToken(token);
    expect((await api.get("/api/products?limit=1")).status()).toBe(200);
    expect((await api.post("/api/categories", { data: { name: "Nope" } })).status()).toBe(403);
    await api.dispose();
  });

  test("a token without a name is refused with the field's message", async ({ signedIn: { page } }) => {
    await page.goto("/users");
    await page
      .locator("#token-name")
      .evaluate((input: HTMLInputElement) => input.removeAttribute("required"));
    await page.getByRole("button", { name: "Create token" }).click();
    await expect(page.getByText("Give the token a name")).toBeVisible();
    await expect(page.getByTestId("new-api-token")).toHaveCount(0);
  });
});
