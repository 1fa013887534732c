import { randomBytes } from "node:crypto";
import { type APIRequestContext, test as base, expect, type Locator, type Page } from "@playwright/test";
import { createCookie } from "@remix-run/node";
import bcrypt from "bcryptjs";
import pg from "pg";
import { BASE_URL } from "../../playwright.config";
import { e2eDatabaseUrl, e2eSessionSecret } from "./second-server";

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

/**
 * A user of the given role, active, written straight into the suite's database: a test about
 * something else needs an account, not a sign-up (registration and its policy have tests of their
 * own: auth.spec.ts, start.spec.ts). Every user has the password "secret123", hashed once per
 * worker as the app hashes (bcrypt, cost 10), so that signing in through the form works.
 */
export async function createUser(_request: APIRequestContext | null, role: Role): Promise<TestUser> {
  const id = uniqueId();
  const user = {
    email: `${role}-${id}@e2e.test`,
    password: "secret123",
    firstName: cap(role),
    lastName: id,
    role,
  };
  await insertUser(user);
  return user;
}

let database: pg.Pool | undefined;
/** The suite's PostgreSQL, one small pool per worker. */
function suiteDatabase() {
  database ??= new pg.Pool({ connectionString: e2eDatabaseUrl(), max: 2, allowExitOnIdle: true });
  return database;
}

/**
 * Transfers' tests (issue #32): a new active location of the suite's database, and the default one
 * (where a product's opening stock is), each as id and name. Until locations have an API of their own.
 */
export async function createLocation(name: string, kind: "store" | "warehouse" = "store") {
  const { rows } = await suiteDatabase().query<{ id: number; name: string }>(
    `insert into location (name, kind, active, is_default, created_at, updated_at, version)
     values ($1, $2, true, false, now(), now(), 1) returning id, name`,
    [name, kind],
  );
  return rows[0];
}

export async function defaultLocation() {
  const { rows } = await suiteDatabase().query<{ id: number; name: string }>(
    "select id, name from location where is_default",
  );
  return rows[0];
}

/** Places a user in a location (their own: a salesperson receives transfers into it). */
export async function placeUser(email: string, locationId: number) {
  await suiteDatabase().query(`update "user" set location_id = $2 where email = $1`, [email, locationId]);
}

let passwordHash: string | undefined;
async function insertUser(user: TestUser): Promise<number> {
  passwordHash ??= bcrypt.hashSync("secret123", 10);
  if (user.password !== "secret123") throw new Error("fixture users have the password secret123");
  const { rows } = await suiteDatabase().query<{ id: number }>(
    `insert into "user" (email, password, first_name, last_name, role, is_active, language, created_at, updated_at, version)
     values ($1, $2, $3, $4, $5, true, 'en', now(), now(), 1) returning id`,
    [user.email, passwordHash, user.firstName, user.lastName, user.role],
  );
  return rows[0].id;
}

let sessionCookie: ReturnType<typeof createCookie> | undefined;
/**
 * Signs a user in without the sign-in form or its password check: a session row as the server
 * writes one (session.server.ts) and its signed cookie in the page's browser context.
 */
async function openSession(page: Page, email: string) {
  const sid = randomBytes(24).toString("base64url");
  await suiteDatabase().query(
    `insert into session (sid, sess, expire, created_at)
     select $1, jsonb_build_object('userId', id), now() + interval '12 hours', now() from "user" where email = $2`,
    [sid, email],
  );
  sessionCookie ??= createCookie("__session", { secrets: [e2eSessionSecret()] });
  const header = await sessionCookie.serialize(sid);
  const value = header.slice("__session=".length, header.indexOf(";"));
  await page
    .context()
    .addCookies([{ name: "__session", value, url: BASE_URL, httpOnly: true, sameSite: "Lax" }]);
}

function cap(text: string) {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** Signs in through the API: the session cookie lands in the page's browser context. */
/**
 * The products page's rows, and a row's margin badge: the table carries the test id, not each row
 * or badge (issue #27, the page's weight).
 */
export function productRows(page: Page) {
  return page.getByTestId("product-table").locator("tbody tr");
}
export function marginBadge(row: Locator) {
  return row.locator("td:nth-child(5) [data-tone]");
}

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
    await openSession(page, user.email);
    await use({ page, user });
  },
});

export { expect };
