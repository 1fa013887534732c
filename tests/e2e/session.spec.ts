import type { APIRequestContext, BrowserContext } from "@playwright/test";
import { createUser, expect, signIn, test } from "./fixtures";

async function sessionCookie(context: APIRequestContext | BrowserContext) {
  const { cookies } = await context.storageState();
  return cookies.find((cookie) => cookie.name === "__session")?.value;
}

test("signing in through the API with another user's session cookie starts a new session; the old one ends", async ({
  playwright,
  baseURL,
  request,
}) => {
  const first = await createUser(request, "salesperson");
  const second = await createUser(request, "manager");
  const shared = await playwright.request.newContext({ baseURL });
  try {
    const login = (user: typeof first) =>
      shared.post("/api/auth/login", { data: { email: user.email, password: user.password } });
    expect((await login(first)).status()).toBe(200);
    const firstCookie = await sessionCookie(shared);
    expect(firstCookie).toBeTruthy();

    // The same client, still sending the first user's cookie, signs in as the second user.
    expect((await login(second)).status()).toBe(200);
    const secondCookie = await sessionCookie(shared);
    expect(secondCookie).toBeTruthy();
    expect(secondCookie).not.toBe(firstCookie);
    expect(await (await shared.get("/api/auth/user")).json()).toMatchObject({ email: second.email });

    const old = await request.get("/api/auth/user", { headers: { Cookie: `__session=${firstCookie}` } });
    expect(old.status()).toBe(401);
  } finally {
    await shared.dispose();
  }
});

for (const javaScriptEnabled of [true, false]) {
  test.describe(`with JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });

    test("a session id planted in the browser is not the one the sign-in form continues", async ({
      page,
      playwright,
      baseURL,
      request,
    }) => {
      // Someone signs in and out, keeping their session cookie, and plants it in another browser.
      const planter = await createUser(request, "salesperson");
      const victim = await createUser(request, "manager");
      const other = await playwright.request.newContext({ baseURL });
      let planted: string | undefined;
      try {
        await other.post("/api/auth/login", { data: { email: planter.email, password: planter.password } });
        planted = await sessionCookie(other);
        expect(planted).toBeTruthy();
        expect((await other.post("/api/auth/logout")).status()).toBe(200);
      } finally {
        await other.dispose();
      }
      await page.context().addCookies([{ name: "__session", value: planted as string, url: baseURL }]);

      await signIn(page, victim);
      await expect(page).toHaveURL(/\/$/);
      await expect(page.getByTestId("user-name")).toHaveText(`${victim.firstName} ${victim.lastName}`);
      const issued = await sessionCookie(page.context());
      expect(issued).toBeTruthy();
      expect(issued).not.toBe(planted);

      // The planted id does not give access to the victim's account.
      const withPlanted = await request.get("/api/auth/user", {
        headers: { Cookie: `__session=${planted}` },
      });
      expect(withPlanted.status()).toBe(401);
    });
  });
}

test("an admin's new password for a user ends that user's sessions, not the admin's", async ({
  playwright,
  baseURL,
  request,
}) => {
  const admin = await createUser(request, "admin");
  const seller = await createUser(request, "salesperson");
  const adminApi = await playwright.request.newContext({ baseURL });
  const sellerApi = await playwright.request.newContext({ baseURL });
  try {
    await adminApi.post("/api/auth/login", { data: { email: admin.email, password: admin.password } });
    await sellerApi.post("/api/auth/login", { data: { email: seller.email, password: seller.password } });
    expect((await sellerApi.get("/api/auth/user")).status()).toBe(200);
    const me = await (await sellerApi.get("/api/auth/user")).json();
    const changed = await adminApi.put(`/api/users/${me.id}`, {
      data: {
        firstName: seller.firstName,
        lastName: seller.lastName,
        email: seller.email,
        role: "salesperson",
        isActive: true,
        password: "a-new-password-1",
      },
    });
    expect(changed.status()).toBe(200);
    expect((await sellerApi.get("/api/auth/user")).status()).toBe(401);
    // The admin's own session goes on.
    expect((await adminApi.get("/api/auth/user")).status()).toBe(200);
  } finally {
    await adminApi.dispose();
    await sellerApi.dispose();
  }
});
