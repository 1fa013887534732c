import type { Page } from "@playwright/test";
import { createUser, expect, signIn, signInQuickly, test, uniqueId } from "./fixtures";

async function hydrated(page: Page, javaScriptEnabled: boolean) {
  if (javaScriptEnabled) await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
}

const lowStockRow = (page: Page) => page.locator('[data-testid="setting-row"][data-type="low_stock"]');

for (const javaScriptEnabled of [true, false]) {
  test.describe(`with JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled, role: "salesperson" });

    test("settings are saved per user, survive signing out, and are not shared", async ({
      signedIn: { page, user },
      request,
    }) => {
      await page.goto("/notifications");
      await hydrated(page, javaScriptEnabled);
      await expect(page.getByRole("link", { name: "Notification settings" })).toHaveAttribute(
        "aria-current",
        "page",
      );
      const email = lowStockRow(page).getByRole("checkbox", { name: "Low stock: E-mail" });
      await expect(email).not.toBeChecked();
      await email.check();
      await lowStockRow(page).getByRole("textbox", { name: "Low stock: Threshold" }).fill("3");
      await page.getByRole("button", { name: "Save settings" }).click();
      await expect(page.getByTestId("toast")).toContainText("Your notification settings were saved");

      await page.getByRole("button", { name: "Sign out" }).click();
      await expect(page.getByRole("link", { name: "Sign In to Continue" })).toBeVisible();
      await signIn(page, user);
      await page.goto("/notifications");
      await expect(lowStockRow(page).getByRole("checkbox", { name: "Low stock: E-mail" })).toBeChecked();
      await expect(lowStockRow(page).getByRole("textbox", { name: "Low stock: Threshold" })).toHaveValue("3");

      // Another user still has their own defaults.
      const other = await createUser(request, "salesperson");
      await page.context().clearCookies();
      await signInQuickly(page, other);
      await page.goto("/notifications");
      await expect(lowStockRow(page).getByRole("checkbox", { name: "Low stock: E-mail" })).not.toBeChecked();
      await expect(lowStockRow(page).getByRole("textbox", { name: "Low stock: Threshold" })).toHaveValue(
        "10",
      );
    });

    test("a threshold that is not a number is refused at its field and nothing is saved", async ({
      signedIn: { page },
    }) => {
      await page.goto("/notifications");
      await hydrated(page, javaScriptEnabled);
      const threshold = lowStockRow(page).getByRole("textbox", { name: "Low stock: Threshold" });
      await threshold.fill("lots");
      await page.getByRole("button", { name: "Save settings" }).click();
      await expect(lowStockRow(page)).toContainText("Enter a number of 0 or more");
      await page.goto("/notifications");
      await expect(threshold).toHaveValue("10");
    });
  });
}

test.describe("automation rules", () => {
  test.use({ role: "manager" });

  test("a manager creates a rule in the dialog, toggles it, edits it and deletes it with confirmation", async ({
    signedIn: { page },
  }) => {
    const name = `Reorder headphones ${uniqueId()}`;
    await page.goto("/notifications/rules");
    await hydrated(page, true);
    await page.getByRole("link", { name: "Create rule" }).click();
    const dialog = page.getByRole("dialog", { name: "Create automation rule" });
    await dialog.getByLabel("Rule name").fill(name);
    await expect(dialog.getByLabel("Conditions (JSON)")).toHaveValue('{"stockBelow":5}');
    await dialog.getByLabel("Conditions (JSON)").fill('{"stockBelow": 3}');
    await dialog.getByRole("button", { name: "Create rule" }).click();
    await expect(page.getByTestId("toast")).toContainText("Automation rule created");
    const row = page.getByTestId("rule-row").filter({ hasText: name });
    await expect(row).toContainText("Reorder");
    await expect(row).toContainText("Active");
    await expect(row).toContainText("Never");

    await row.getByRole("button", { name: `Deactivate: ${name}` }).click();
    await expect(page.getByTestId("toast")).toContainText("Automation rule deactivated");
    await expect(row).toContainText("Off");

    await row.getByRole("link", { name: `Edit: ${name}` }).click();
    const edit = page.getByRole("dialog", { name: "Edit automation rule" });
    await expect(edit.getByLabel("Conditions (JSON)")).toHaveValue('{"stockBelow":3}');
    await edit.getByLabel("Rule name").fill(`${name} (edited)`);
    await edit.getByRole("button", { name: "Save rule" }).click();
    await expect(page.getByTestId("toast")).toContainText("Automation rule updated");
    const edited = page.getByTestId("rule-row").filter({ hasText: `${name} (edited)` });
    await expect(edited).toHaveCount(1);

    await edited.getByRole("link", { name: `Delete: ${name} (edited)` }).click();
    const confirm = page.getByRole("dialog", { name: "Delete automation rule" });
    await expect(confirm).toContainText("Are you sure you want to delete this automation rule?");
    await confirm.getByRole("button", { name: "Delete" }).click();
    await expect(page.getByTestId("toast")).toContainText("Automation rule deleted");
    await expect(page.getByTestId("rule-row").filter({ hasText: name })).toHaveCount(0);
  });

  for (const javaScriptEnabled of [true, false]) {
    test(`invalid JSON or a wrong field is refused naming the field; nothing is stored (JavaScript ${javaScriptEnabled ? "on" : "off"})`, async ({
      browser,
      request,
    }) => {
      const context = await browser.newContext({ javaScriptEnabled });
      const page = await context.newPage();
      try {
        await signInQuickly(page, await createUser(request, "manager"));
        const name = `Broken ${uniqueId()}`;
        await page.goto("/notifications/rules/new");
        await hydrated(page, javaScriptEnabled);
        const dialog = page.getByRole("dialog", { name: "Create automation rule" });
        await dialog.getByLabel("Rule name").fill(name);
        for (const [json, message] of [
          ["{stockBelow: 5", "This is not valid JSON"],
          ['{"stockBelow": "five"}', "conditions.stockBelow — Enter a number"],
          ['{"stokBelow": 5}', "conditions.stokBelow — This rule type has no such field"],
        ]) {
          await dialog.getByLabel("Conditions (JSON)").fill(json);
          await dialog.getByRole("button", { name: "Create rule" }).click();
          await expect(dialog.getByText(message)).toBeVisible();
        }
        await page.goto("/notifications/rules");
        await expect(page.getByTestId("rule-row").filter({ hasText: name })).toHaveCount(0);
      } finally {
        await context.close();
      }
    });
  }

  test("a salesperson sees the rules read-only and may not open the dialogs", async ({ page, request }) => {
    await signInQuickly(page, await createUser(request, "salesperson"));
    await page.goto("/notifications/rules");
    await expect(page.getByTestId("rule-row").first()).toBeVisible();
    await expect(page.getByRole("link", { name: "Create rule" })).toHaveCount(0);
    await expect(page.getByText("Only admins and managers can change automation rules.")).toBeVisible();
    await expect(page.getByTestId("rule-row").first().getByRole("link")).toHaveCount(0);
    // The dialog routes are guarded too, not only hidden: the salesperson is sent away, told why.
    await page.goto("/notifications/rules/new");
    await expect(page).not.toHaveURL(/\/rules\/new/);
    await expect(page.getByTestId("toast")).toContainText("Access Denied");
    expect(
      (
        await page.request.post("/notifications/rules", {
          form: { intent: "toggle-rule", ruleId: "1", isActive: "false" },
        })
      ).status(),
    ).toBe(403);
  });
});

test.describe("recent notifications", () => {
  test.use({ role: "manager" });

  test("list an alert a stock change raised, link to its product, and mark it read; the bell opens them", async ({
    signedIn: { page },
  }) => {
    const id = uniqueId().toUpperCase();
    const product = {
      name: `History Speaker ${id}`,
      sku: `HIS-${id}`,
      brand: "JBL",
      purchasePrice: "50.00",
      sellingPrice: "99.00",
      stockLevel: 40,
      supplier: "S",
    };
    const created = await (await page.request.post("/api/products", { data: product })).json();
    await page.request.put(`/api/products/${created.id}`, { data: { ...product, stockLevel: 8 } });

    await page.goto("/");
    await page.getByRole("link", { name: /unread alert/ }).click();
    await expect(page).toHaveURL(/\/notifications\/recent$/);
    const row = page.getByTestId("notification-row").filter({ hasText: `HIS-${id}` });
    await expect(row).toHaveAttribute("data-read", "false");
    await expect(row).toContainText("Low stock");
    await expect(row).toContainText("8 in stock");
    await row.getByRole("button", { name: /Mark as read/ }).click();
    await expect(page.getByTestId("toast")).toContainText("Marked as read");
    await expect(page.getByTestId("notification-row").filter({ hasText: `HIS-${id}` })).toHaveAttribute(
      "data-read",
      "true",
    );
    await page
      .getByTestId("notification-row")
      .filter({ hasText: `HIS-${id}` })
      .getByRole("link")
      .click();
    await expect(page).toHaveURL(new RegExp(`/products/${created.id}$`));
  });

  test("an admin reads the e-mail outbox below the history; a manager does not see it", async ({
    signedIn: { page },
    browser,
    request,
  }) => {
    await page.goto("/notifications/recent");
    await expect(page.getByRole("heading", { name: "E-mail outbox" })).toHaveCount(0);
    const context = await browser.newContext();
    const admin = await context.newPage();
    try {
      await signInQuickly(admin, await createUser(request, "admin"));
      await admin.goto("/notifications/recent");
      await expect(admin.getByRole("heading", { name: "E-mail outbox" })).toBeVisible();
    } finally {
      await context.close();
    }
  });
});

test("the page reads in Finnish", async ({ page, request }) => {
  await page.context().addCookies([
    {
      name: "lng",
      value: encodeURIComponent(Buffer.from(JSON.stringify("fi")).toString("base64")),
      url: test.info().project.use.baseURL as string,
    },
  ]);
  await signInQuickly(page, await createUser(request, "manager"));
  await page.goto("/notifications");
  await expect(page.getByRole("heading", { name: "Ilmoitukset ja automaatio" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Automaatiosäännöt" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Tallenna asetukset" })).toBeVisible();
  await page.getByRole("link", { name: "Automaatiosäännöt" }).click();
  await expect(page.getByRole("link", { name: "Luo sääntö" })).toBeVisible();
});

test("each tab is an address of its own; the old ?tab= addresses lead there", async ({
  signedIn: { page },
}) => {
  for (const [tab, path] of [
    ["rules", "/notifications/rules"],
    ["recent", "/notifications/recent"],
  ]) {
    const answer = await page.request.get(`/notifications?tab=${tab}&page=2`, { maxRedirects: 0 });
    expect(answer.status()).toBe(302);
    expect(answer.headers().location).toBe(`${path}?page=2`);
  }
  await page.goto("/notifications/rules");
  await expect(page.getByRole("link", { name: "Automation rules", exact: true })).toHaveAttribute(
    "aria-current",
    "page",
  );
  await page.getByRole("link", { name: "Recent notifications", exact: true }).click();
  await expect(page).toHaveURL(/\/notifications\/recent$/);
  await expect(page.getByRole("link", { name: "Recent notifications", exact: true })).toHaveAttribute(
    "aria-current",
    "page",
  );
});
