import { createUser, expect, signIn, signInQuickly, test, uniqueId } from "./fixtures";

test.describe("an admin", () => {
  test.use({ role: "admin" });

  test("creates a user with a password, who then signs in", async ({ signedIn: { page }, browser }) => {
    const id = uniqueId();
    const email = `made-${id}@e2e.test`;
    await page.goto("/users");
    await page.getByRole("link", { name: "Add User" }).click();
    await page.locator("#user-new-firstName").fill("Made");
    await page.locator("#user-new-lastName").fill(`By Admin ${id}`);
    await page.locator("#user-new-email").fill(email);
    await page.locator("#user-new-password").fill("secret123");
    await page.locator("#user-new-role").selectOption("manager");
    await page.getByRole("button", { name: "Create User" }).click();
    await expect(page.getByTestId("toast")).toContainText("User created successfully");

    const other = await browser.newPage();
    await signIn(other, { email, password: "secret123" });
    await expect(other.getByTestId("user-role")).toHaveText("Manager");
    await other.close();
  });

  test("approves a pending manager, who then signs in; deactivating them ends their open session", async ({
    signedIn: { page },
    browser,
  }) => {
    const id = uniqueId();
    const email = `pending-${id}@e2e.test`;
    // Created inactive, as a sign-up awaiting approval would be.
    const created = await page.request.post("/api/users", {
      data: {
        firstName: "Pending",
        lastName: id,
        email,
        password: "secret123",
        role: "manager",
        isActive: false,
      },
    });
    expect(created.status()).toBe(201);
    const other = await browser.newPage();
    await signIn(other, { email, password: "secret123" });
    await expect(other.getByTestId("toast")).toContainText(
      "Your account is awaiting approval by an administrator.",
    );

    await page.goto("/users");
    await page.getByRole("button", { name: `Approve: ${email}` }).click();
    await expect(page.getByTestId("toast")).toContainText("The account is now active");
    await signIn(other, { email, password: "secret123" });
    await expect(other.getByTestId("user-role")).toHaveText("Manager");

    await page.getByRole("link", { name: `Edit: ${email}` }).click();
    await page.locator("form[id^=user-edit] [name=isActive]").selectOption("false");
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page.getByTestId("toast")).toContainText("User updated successfully");

    await other.goto("/products");
    await expect(other).toHaveURL(/\/login/);
    expect((await other.request.get("/api/auth/user")).status()).toBe(401);
    await other.close();
  });

  test("has no delete on their own row; the last active admin cannot be deleted or demoted", async ({
    signedIn: { page, user },
  }) => {
    await page.goto("/users");
    await expect(page.getByRole("link", { name: `Edit: ${user.email}` })).toBeVisible();
    await expect(page.getByRole("link", { name: `Delete: ${user.email}` })).toHaveCount(0);
    const me = await (await page.request.get("/api/auth/user")).json();
    const self = await page.request.delete(`/api/users/${me.id}`);
    expect(self.status()).toBe(409);
    expect((await self.json()).message).toBe("You cannot delete your own account");
  });
});

test("a salesperson gets 403 from the users API", async ({ request }) => {
  const user = await createUser(request, "salesperson");
  await request.post("/api/auth/login", { data: { email: user.email, password: user.password } });
  expect((await request.get("/api/users")).status()).toBe(403);
  expect((await request.post("/api/users", { data: {} })).status()).toBe(403);
});

test("bad user input answers 400 with a message", async ({ page, request }) => {
  await signInQuickly(page, await createUser(request, "admin"));
  for (const data of [
    { firstName: "A", lastName: "B", email: "nope", password: "secret123", role: "manager" },
    { firstName: "A", lastName: "B", email: `x-${uniqueId()}@e2e.test`, password: "1", role: "manager" },
    { firstName: "A", lastName: "B", email: `x-${uniqueId()}@e2e.test`, password: "secret123", role: "king" },
    { lastName: "B", email: `x-${uniqueId()}@e2e.test`, password: "secret123" },
  ]) {
    const response = await page.request.post("/api/users", { data });
    expect(response.status(), JSON.stringify(data)).toBe(400);
    expect(typeof (await response.json()).message).toBe("string");
  }
});
