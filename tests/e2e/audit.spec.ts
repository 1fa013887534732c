import { BASE_URL } from "../../playwright.config";
import { createUser, expect, signInQuickly, test, uniqueId } from "./fixtures";

test.describe("the audit log", () => {
  test.use({ role: "admin" });

  test("an admin finds a manager's price change with who, when and the old and new price, filtered by user and record", async ({
    signedIn: { page },
    browser,
  }) => {
    const manager = await createUser(page.request, "manager");
    const managerContext = await browser.newContext();
    const managerPage = await managerContext.newPage();
    await signInQuickly(managerPage, manager);
    const sku = `AUD-${uniqueId()}`;
    const created = await managerPage.request.post("/api/products", {
      data: {
        name: "Audited Lamp",
        sku,
        brand: "Brand",
        purchasePrice: "10.00",
        sellingPrice: "19.90",
        supplier: "S",
      },
    });
    expect(created.status()).toBe(201);
    const product = await created.json();
    const changed = await managerPage.request.put(`/api/products/${product.id}`, {
      data: { ...product, sellingPrice: "24.90", version: product.version },
    });
    expect(changed.status(), await changed.text()).toBe(200);
    await managerContext.close();

    await page.goto("/");
    await page.getByRole("link", { name: "Audit log" }).click();
    await expect(page).toHaveURL(/\/audit$/);
    const users = await (await page.request.get("/api/users")).json();
    const managerId = users.find((u: { email: string }) => u.email === manager.email).id;
    await page.locator("#audit-user").selectOption(String(managerId));
    await page.locator("#audit-type").selectOption("product");
    await page.getByRole("button", { name: "Filter" }).click();
    await expect(page).toHaveURL(new RegExp(`user=${managerId}.*type=product`));
    const rows = page.getByTestId("audit-row");
    await expect(rows).toHaveCount(2);
    await expect(page.getByTestId("audit-total")).toHaveAttribute("data-total", "2");
    const change = rows.first();
    await expect(change).toHaveAttribute("data-action", "update");
    await expect(change).toContainText(manager.email);
    await expect(change).toContainText(`Audited Lamp (${sku})`);
    await expect(change).toContainText("Selling price");
    await expect(change).toContainText("€19.90 → €24.90");
    await expect(rows.nth(1)).toHaveAttribute("data-action", "create");
    await change.getByRole("link", { name: `Audited Lamp (${sku})` }).click();
    await expect(page).toHaveURL(new RegExp(`/products/${product.id}$`));
  });

  test("a role change reads in Finnish, the password only as changed; nonsense filters are ignored", async ({
    signedIn: { page },
  }) => {
    await page.context().addCookies([
      {
        name: "lng",
        value: encodeURIComponent(Buffer.from(JSON.stringify("fi")).toString("base64")),
        url: BASE_URL,
      },
    ]);
    const someone = await createUser(page.request, "salesperson");
    const users = await (await page.request.get("/api/users")).json();
    const target = users.find((u: { email: string }) => u.email === someone.email);
    const answer = await page.request.put(`/api/users/${target.id}`, {
      data: { ...someone, role: "manager", password: "another-secret-9", isActive: true },
    });
    expect(answer.status(), await answer.text()).toBe(200);
    const response = await page.goto(`/audit?type=user&from=2026-02-31&to=nonsense&page=-4&user=abc`);
    expect(response?.status()).toBe(200);
    const row = page.getByTestId("audit-row").filter({ hasText: someone.email }).first();
    await expect(row).toContainText("Muutettu");
    await expect(row).toContainText("Rooli");
    await expect(row).toContainText("salesperson → manager");
    await expect(row).toContainText("Salasana muutettu");
    await expect(row).not.toContainText("$2");
  });
});
