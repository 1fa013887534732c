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
