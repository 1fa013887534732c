import type { Page } from "@playwright/test";
import { expect, signIn, signInQuickly, test } from "./fixtures";

test.use({ role: "salesperson" });

/** With JavaScript, waits for hydration (root marks `<html data-hydrated>`). */
async function hydrated(page: Page, javaScriptEnabled: boolean) {
  if (javaScriptEnabled) await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
}

for (const javaScriptEnabled of [true, false]) {
  test.describe(`with JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });

    test("a user changes their own name from the sidebar's name link", async ({
      signedIn: { page, user },
    }) => {
      await page.goto("/");
      await page.getByTestId("user-name").getByRole("link").click();
      await expect(page).toHaveURL(/\/account$/);
      await hydrated(page, javaScriptEnabled);
      await expect(page.getByRole("heading", { name: "My Account" })).toBeVisible();
      await expect(page.getByText(`Signed in as ${user.email} (Salesperson)`)).toBeVisible();
      await expect(page.getByLabel("First name")).toHaveValue(user.firstName);

      await page.getByLabel("First name").fill("Sanna");
      await page.getByLabel("Last name").fill("Seller");
      await page.getByRole("button", { name: "Save details" }).click();
      await expect(page.getByTestId("toast")).toContainText("Your details were saved.");
      await expect(page.getByTestId("user-name")).toHaveText("Sanna Seller");
      await expect(page.getByLabel("First name")).toHaveValue("Sanna");
      expect(await (await page.request.get("/api/auth/user")).json()).toMatchObject({
        firstName: "Sanna",
        lastName: "Seller",
        role: "salesperson",
      });
    });

    test("an empty name is refused with a message and nothing changes", async ({
      signedIn: { page, user },
    }) => {
      await page.goto("/account");
      await hydrated(page, javaScriptEnabled);
      await page.getByLabel("First name").fill("");
      // The browser's own check would stop an empty required field; this is the server's answer.
      await page.locator("form[id^=account-profile]").evaluate((form) => form.setAttribute("novalidate", ""));
      await page.getByRole("button", { name: "Save details" }).click();
      await expect(page.getByText("First name is required")).toBeVisible();
      expect(await (await page.request.get("/api/auth/user")).json()).toMatchObject({
        firstName: user.firstName,
      });
    });

    test("the language changes to Finnish and stays", async ({ signedIn: { page } }) => {
      await page.goto("/account");
      await hydrated(page, javaScriptEnabled);
      await page.locator("main").getByLabel("Language").selectOption("fi");
      await page.getByRole("button", { name: "Save details" }).click();
      await expect(page.getByTestId("toast")).toContainText("Tietosi tallennettiin.");
      await expect(page.getByRole("heading", { name: "Oma tili" })).toBeVisible();
      await expect(page.locator("html")).toHaveAttribute("lang", "fi");
      await expect(page.locator("main").getByLabel("Kieli")).toHaveValue("fi");
      await page.goto("/products");
      await expect(page.getByRole("link", { name: "Tuotteet" }).first()).toBeVisible();
    });

    test("a wrong current password or unequal new passwords are refused; the old password still works", async ({
      signedIn: { page, user },
      playwright,
      baseURL,
    }) => {
      await page.goto("/account");
      await hydrated(page, javaScriptEnabled);
      await page.getByLabel("Current password").fill("not-my-password");
      await page.getByLabel("New password", { exact: true }).fill("brand-new-1");
      await page.getByLabel("New password again").fill("brand-new-1");
      await page.getByRole("button", { name: "Change password" }).click();
      await expect(page.getByText("The current password is not correct")).toBeVisible();
      await expect(page.getByLabel("Current password")).toHaveAttribute("aria-invalid", "true");

      await page.getByLabel("Current password").fill(user.password);
      await page.getByLabel("New password", { exact: true }).fill("brand-new-1");
      await page.getByLabel("New password again").fill("brand-new-2");
      await page.getByRole("button", { name: "Change password" }).click();
      await expect(page.getByText("The new passwords do not match")).toBeVisible();

      const api = await playwright.request.newContext({ baseURL });
      try {
        const old = await api.post("/api/auth/login", {
          data: { email: user.email, password: user.password },
        });
        expect(old.status()).toBe(200);
        const attempted = await api.post("/api/auth/login", {
          data: { email: user.email, password: "brand-new-1" },
        });
        expect(attempted.status()).toBe(401);
      } finally {
        await api.dispose();
      }
    });

    test("a password change signs the user out in their other browser; the new password works", async ({
      signedIn: { page, user },
      browser,
    }) => {
      const elsewhere = await browser.newPage();
      try {
        await signInQuickly(elsewhere, user);
        await elsewhere.goto("/products");
        await expect(elsewhere).toHaveURL(/\/products$/);

        await page.goto("/account");
        await hydrated(page, javaScriptEnabled);
        await page.getByLabel("Current password").fill(user.password);
        await page.getByLabel("New password", { exact: true }).fill("brand-new-1");
        await page.getByLabel("New password again").fill("brand-new-1");
        await page.getByRole("button", { name: "Change password" }).click();
        await expect(page.getByTestId("toast")).toContainText(
          "Password changed. You were signed out everywhere else.",
        );
        // This browser stays signed in, with an emptied form.
        await expect(page).toHaveURL(/\/account$/);
        await expect(page.getByLabel("Current password")).toHaveValue("");
        expect((await page.request.get("/api/auth/user")).status()).toBe(200);

        // The other browser is signed out.
        await elsewhere.goto("/products");
        await expect(elsewhere).toHaveURL(/\/login\?redirectTo=/);

        // The old password no longer signs in; the new one does.
        await signIn(elsewhere, { email: user.email, password: user.password });
        await expect(elsewhere.getByTestId("toast")).toContainText("Invalid email or password");
        await signIn(elsewhere, { email: user.email, password: "brand-new-1" });
        await expect(elsewhere).toHaveURL(/\/$/);
        await expect(elsewhere.getByTestId("user-name")).toHaveText(`${user.firstName} ${user.lastName}`);
      } finally {
        await elsewhere.close();
      }
    });
  });
}

test("an unknown action on the account page answers 400 and changes nothing", async ({
  signedIn: { page, user },
}) => {
  const response = await page.request.post("/account", { form: { intent: "delete", firstName: "X" } });
  expect(response.status()).toBe(400);
  expect(await (await page.request.get("/api/auth/user")).json()).toMatchObject({
    firstName: user.firstName,
  });
});

test("a visitor who is not signed in is sent to sign in", async ({ page }) => {
  await page.goto("/account");
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Faccount/);
});
