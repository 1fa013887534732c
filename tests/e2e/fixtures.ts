import { randomBytes } from "node:crypto";
import { type APIRequestContext, test as base, expect, type Page } from "@playwright/test";

export type Role = "admin" | "manager" | "salesperson";
export type TestUser = { email: string; password: string; firstName: string; lastName: string; role: Role };

export const FIRST_ADMIN: TestUser = {
  email: "first-admin@e2e.test",
  password: "secret123",
  firstName: "First",
  lastName: "Admin",
  role: "salesperson",
};

export function uniqueId() {
  return randomBytes(4).toString("hex");
}

/** Registers a user with the given role through the API (the e2e server has OPEN_REGISTRATION). */
export async function createUser(request: APIRequestContext, role: Role): Promise<TestUser> {
  const id = uniqueId();
  const user = {
    email: `${role}-${id}@e2e.test`,
    password: "secret123",
    firstName: cap(role),
    lastName: id,
    role,
  };
  const response = await request.post("/api/auth/register", { data: user });
  expect(response.status(), await response.text()).toBe(201);
  // Guards the suite itself: had this been the server's first account, it would be an admin.
  expect((await response.json()).user).toMatchObject({ email: user.email, role, isActive: true });
  return user;
}

function cap(text: string) {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** Signs in through the API: the session cookie lands in the page's browser context. */
export async function signInQuickly(page: Page, user: TestUser) {
  const response = await page.request.post("/api/auth/login", {
    data: { email: user.email, password: user.password },
  });
  expect(response.status(), await response.text()).toBe(200);
}

/** Signs in through the /login form, as a person would. */
export async function signIn(page: Page, user: Pick<TestUser, "email" | "password">) {
  await page.goto("/login");
  await page.locator("#login-email").fill(user.email);
  await page.locator("#login-password").fill(user.password);
  await page.locator("button[name=intent][value=login]").click();
}

type Fixtures = {
  /** A page signed in with a fresh user of the role set by `test.use({ role })`. */
  signedIn: { page: Page; user: TestUser };
  role: Role;
};

/**
 * With JavaScript, a page's scripts start after its first paint (app/web/after-first-paint.ts):
 * `page.goto` and `page.reload` return once a page that hydrates has (root marks `<html
 * data-hydrated>`), as a person would wait for the page to be ready; pages without scripts at once.
 */
async function untilHydrated(page: Page) {
  await page
    .waitForFunction(
      () =>
        !document.querySelector('script[type="text/x-deferred-module"]') ||
        document.documentElement.hasAttribute("data-hydrated"),
      undefined,
      { timeout: 10_000 },
    )
    // A page that navigated on (a redirect by script) is the next call's to wait for.
    .catch(() => undefined);
}

export const test = base.extend<Fixtures>({
  page: async ({ page, javaScriptEnabled }, use) => {
    if (javaScriptEnabled) {
      const goto = page.goto.bind(page);
      const reload = page.reload.bind(page);
      page.goto = async (...args: Parameters<Page["goto"]>) => {
        const response = await goto(...args);
        // A test that asks for an earlier moment (`waitUntil: "domcontentloaded"`, as dialogs.spec.ts
        // does while it holds the scripts back) gets that moment, not a 10 s wait for a hydration
        // that cannot come.
        const waitUntil = args[1]?.waitUntil;
        if (waitUntil !== "domcontentloaded" && waitUntil !== "commit") await untilHydrated(page);
        return response;
      };
      page.reload = async (...args: Parameters<Page["reload"]>) => {
        const response = await reload(...args);
        await untilHydrated(page);
        return response;
      };
    }
    await use(page);
  },
  role: ["manager", { option: true }],
  signedIn: async ({ page, role }, use) => {
    const user = await createUser(page.request, role);
    await signInQuickly(page, user);
    await use({ page, user });
  },
});

export { expect };
