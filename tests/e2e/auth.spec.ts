import type { Page } from "@playwright/test";
import { createUser, expect, signIn, test, uniqueId } from "./fixtures";

test("a wrong password answers 401 with a message from the API", async ({ request }) => {
  const user = await createUser(request, "salesperson");
  const response = await request.post("/api/auth/login", {
    data: { email: user.email, password: "wrong-password" },
  });
  expect(response.status()).toBe(401);
  expect(await response.json()).toEqual({ message: "Invalid email or password" });
});

test("the signed-in user's API answer has its fields and no password", async ({ request }) => {
  const user = await createUser(request, "manager");
  const login = await request.post("/api/auth/login", {
    data: { email: user.email, password: user.password },
  });
  expect(login.status()).toBe(200);
  const response = await request.get("/api/auth/user");
  expect(response.status()).toBe(200);
  const body = await response.json();
  expect(body).toMatchObject({
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    role: "manager",
    isActive: true,
  });
  expect(typeof body.id).toBe("number");
  expect(Object.keys(body).filter((key) => key.toLowerCase().includes("password"))).toEqual([]);
});

for (const javaScriptEnabled of [true, false]) {
  test.describe(`with JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });

    test("a wrong password shows the Error toast and keeps the visitor on the sign-in page", async ({
      page,
      request,
    }) => {
      const user = await createUser(request, "salesperson");
      await signIn(page, { email: user.email, password: "not-the-password" });
      await expect(page.getByTestId("toast")).toHaveAttribute("data-type", "error");
      await expect(page.getByTestId("toast")).toContainText("Error");
      await expect(page.getByTestId("toast")).toContainText("Invalid email or password");
      await expect(page).toHaveURL(/\/login/);
    });

    test("create an account, sign in and sign out", async ({ page }) => {
      const email = `new-${uniqueId()}@e2e.test`;
      await page.goto("/login");
      await page.getByRole("link", { name: "Create Account" }).click();
      await page.locator("#register-email").fill(email);
      await page.locator("#register-password").fill("secret123");
      await page.locator("#register-firstName").fill("Nea");
      await page.locator("#register-lastName").fill("Newcomer");
      await page.locator("#register-role").selectOption("salesperson");
      await page.locator("button[name=intent][value=register]").click();
      await expect(page.getByTestId("toast")).toContainText(
        "Account created successfully. You can now log in.",
      );
      // Back on the Sign In tab.
      await expect(page).not.toHaveURL(/tab=register/);
      await expect(page.getByRole("link", { name: "Sign In", exact: true })).toHaveAttribute(
        "aria-current",
        "page",
      );
      await expect(page.locator("#login-email")).toBeVisible();
      await expect(page.locator("#register-email")).toHaveCount(0);

      await signIn(page, { email, password: "secret123" });
      await expect(page).toHaveURL(/\/$/);
      await expect(page.getByTestId("toast")).toContainText("Logged in successfully");
      await expect(page.getByTestId("user-name")).toHaveText("Nea Newcomer");

      await page.getByRole("button", { name: "Sign out" }).click();
      await expect(page.getByRole("link", { name: "Sign In to Continue" })).toBeVisible();
      await expect(page.getByTestId("toast")).toContainText("You have signed out.");
      await page.goto("/products");
      await expect(page).toHaveURL(/\/login\?redirectTo=/);
      expect((await page.request.get("/api/auth/user")).status()).toBe(401);
    });

    test("registration errors show beside the fields", async ({ page }) => {
      await page.goto("/login?tab=register");
      // The browser's own checks would stop an empty form; a bad email and short password reach the server.
      await page.locator("#register-email").fill("not-an-email@x");
      await page.locator("#register-password").fill("123");
      await page.locator("#register-firstName").fill("A");
      await page.locator("#register-lastName").fill("B");
      await page.evaluate(() => {
        for (const form of document.querySelectorAll("form")) form.noValidate = true;
      });
      await page.locator("button[name=intent][value=register]").click();
      await expect(page.getByText("Password must be at least 6 characters")).toBeVisible();
    });
  });
}

/**
 * Playwright waits for a pending navigation before it reads the page, so the page watches itself:
 * once the button changes it writes what it shows to sessionStorage (kept across the navigation),
 * then clicks it and submits its form again, as an impatient person would.
 */
async function watchPendingButton(page: Page, selector: string) {
  await page.evaluate((selector) => {
    const button = document.querySelector<HTMLButtonElement>(selector);
    if (!button) throw new Error(`no ${selector}`);
    new MutationObserver((_, observer) => {
      if (button.textContent === "" || !button.disabled) return;
      observer.disconnect();
      sessionStorage.setItem(
        "pending",
        JSON.stringify({ text: button.textContent, disabled: button.disabled }),
      );
      button.click();
      button.form?.requestSubmit();
    }).observe(button, { attributes: true, childList: true, characterData: true, subtree: true });
  }, selector);
}

/** Holds the /login form's POSTs until released: a slow server. */
async function slowSignInPosts(page: Page) {
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  const posts = { count: 0, release };
  await page.route("**/login*", async (route) => {
    if (route.request().method() !== "POST") return route.continue();
    posts.count++;
    await held;
    await route.continue();
  });
  return posts;
}

test("while a sign-in is sent the button says 'Signing in...', is disabled, and a second click sends nothing", async ({
  page,
  request,
}) => {
  const user = await createUser(request, "salesperson");
  const posts = await slowSignInPosts(page);
  await page.goto("/login");
  await page.locator("#login-email").fill(user.email);
  await page.locator("#login-password").fill(user.password);
  await watchPendingButton(page, "button[name=intent][value=login]");
  await page.locator("button[name=intent][value=login]").click({ noWaitAfter: true });
  await expect.poll(() => posts.count).toBe(1);
  // The page had time to send a second request, had it been allowed to.
  await page.waitForTimeout(300);
  posts.release();
  await expect(page).toHaveURL(/\/$/);
  expect(posts.count).toBe(1);
  expect(JSON.parse((await page.evaluate(() => sessionStorage.getItem("pending"))) ?? "null")).toEqual({
    text: "Signing in...",
    disabled: true,
  });
});

test("while an account is being created the button says 'Creating account...' and is disabled", async ({
  page,
}) => {
  const posts = await slowSignInPosts(page);
  await page.goto("/login?tab=register");
  const id = uniqueId();
  await page.locator("#register-email").fill(`pending-${id}@e2e.test`);
  await page.locator("#register-password").fill("secret123");
  await page.locator("#register-firstName").fill("Pending");
  await page.locator("#register-lastName").fill(id);
  await watchPendingButton(page, "button[name=intent][value=register]");
  await page.locator("button[name=intent][value=register]").click({ noWaitAfter: true });
  await expect.poll(() => posts.count).toBe(1);
  await page.waitForTimeout(300);
  posts.release();
  await expect(page.locator("button[name=intent][value=login]")).toBeVisible();
  expect(posts.count).toBe(1);
  expect(JSON.parse((await page.evaluate(() => sessionStorage.getItem("pending"))) ?? "null")).toEqual({
    text: "Creating account...",
    disabled: true,
  });
});
