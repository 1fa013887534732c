import { type APIRequestContext, request as playwrightRequest } from "@playwright/test";
import { BASE_URL } from "../../playwright.config";
import { type Answer, MATRIX, type MatrixRow } from "./authorization-matrix";
import { builtRoutes } from "./built-routes";
import { createUser, expect, type Role, type TestUser, test, uniqueId } from "./fixtures";
import { inParallel } from "./in-parallel";
import { DECLARED, recordBody } from "./registry";

/**
 * The authorization matrix (authorization-matrix.ts) against the real server: every page, page
 * action and /api route, for a visitor, a salesperson, a manager and an admin.
 */

const CALLERS = ["visitor", "salesperson", "manager", "admin"] as const;
type Caller = (typeof CALLERS)[number];
const MISSING_ID = "2147480000";
/** Routes whose page is an index route (`/`, `/notifications`): a form posts to them with ?index. */
const INDEX_ROUTES = new Set(
  builtRoutes()
    .filter((route) => route.index)
    .map((route) => route.path),
);

test("every route of the build, its loader and its action, has a row in the matrix", () => {
  const rows = new Set(MATRIX.map((row) => `${row.method} ${row.route}`));
  const missing: string[] = [];
  const routes = builtRoutes();
  for (const route of routes) {
    if (route.hasLoader && !rows.has(`GET ${route.path}`)) missing.push(`GET ${route.path} (${route.id})`);
    const writes = MATRIX.filter((row) => row.route === route.path && row.method !== "GET");
    if (route.hasAction && writes.length === 0) missing.push(`its action: ${route.path} (${route.id})`);
  }
  expect(missing, "routes without a row in tests/e2e/authorization-matrix.ts").toEqual([]);
  const served = new Set(routes.map((route) => route.path));
  expect(
    MATRIX.filter((row) => !served.has(row.route)).map((row) => row.route),
    "rows for routes the build does not have",
  ).toEqual([]);
});

test.describe("the matrix walked against the server", () => {
  test.describe.configure({ timeout: 120_000 });

  const contexts = new Map<Caller, APIRequestContext>();
  const users = new Map<Caller, TestUser>();
  const ids: Record<string, string> = {};

  async function signedInContext(user?: TestUser) {
    const context = await playwrightRequest.newContext({ baseURL: BASE_URL, maxRedirects: 0 });
    if (user) {
      const response = await context.post("/api/auth/login", {
        data: { email: user.email, password: user.password },
      });
      expect(response.status(), await response.text()).toBe(200);
    }
    return context;
  }

  test.beforeAll(async () => {
    const setup = await signedInContext();
    const roles: Role[] = ["salesperson", "manager", "admin"];
    for (const [i, user] of (await Promise.all(roles.map((role) => createUser(setup, role)))).entries())
      users.set(roles[i], user);
    await setup.dispose();
    const signedIn = await Promise.all(CALLERS.map((caller) => signedInContext(users.get(caller))));
    for (const [i, caller] of CALLERS.entries()) contexts.set(caller, signedIn[i]);

    const admin = contexts.get("admin") as APIRequestContext;
    const created = async (path: string, data: object) => {
      const response = await admin.post(path, { data });
      expect(response.status(), `${path}: ${await response.text()}`).toBe(201);
      return String((await response.json()).id);
    };
    const id = uniqueId();
    // The record each aggregate declares for its routes' `:id` (app/models/<aggregate>/aggregate.ts).
    for (const { checks } of DECLARED) {
      if (!checks.record) continue;
      const { segment, pageSegment, create, body } = checks.record;
      ids[segment] = await created(create, recordBody(body, id));
      if (pageSegment) ids[pageSegment] = ids[segment];
    }
    // A quote and an order are made here: each has a customer and a product line, records of
    // other aggregates.
    const lines = [{ productId: Number(ids.products), quantity: 1 }];
    ids.quotes = await created("/api/quotes", { customerId: Number(ids.customers), lines });
    ids.orders = await created("/api/orders", { customerId: Number(ids.customers), lines });
  });

  test.afterAll(async () => {
    for (const context of contexts.values()) await context.dispose();
  });

  /**
   * The row's address: `:id` is the record of the segment before it, `:productId` (`:<name>Id`) a
   * record of "products" (`<name>s`), `*` an unknown path.
   */
  function address(row: MatrixRow) {
    const segments = row.route.split("/");
    const path = segments
      .map((segment, i) => {
        if (segment === "*") return "no-such-thing";
        if (!segment.startsWith(":")) return segment;
        const name = segment.slice(1);
        if (name === "id" && row.target === "missing") return MISSING_ID;
        return ids[name === "id" ? segments[i - 1] : `${name.replace(/Id$/, "")}s`] ?? MISSING_ID;
      })
      .join("/");
    // An index route's action is reached with ?index, as Remix's forms do.
    return INDEX_ROUTES.has(row.route) && row.method !== "GET" ? `${path}?index` : path;
  }

  async function answer(context: APIRequestContext, row: MatrixRow): Promise<Answer> {
    const isApi = row.route.startsWith("/api");
    const response = await context.fetch(address(row), {
      method: row.method,
      maxRedirects: 0,
      ...(row.method === "GET"
        ? {}
        : isApi
          ? { headers: { "content-type": "application/json" }, data: "{}" }
          : { headers: { "content-type": "application/x-www-form-urlencoded" }, data: "" }),
    });
    const status = response.status();
    if (status < 300 || status >= 400) return status;
    return `→${new URL(response.headers().location ?? "", BASE_URL).pathname}` as Answer;
  }

  /** Every row's answer to every caller, keyed `METHOD route caller`: walked once, read by the tests below. */
  let walk: Promise<Map<string, Answer>> | undefined;
  const key = (row: MatrixRow, caller: Caller) => `${row.method} ${row.route} ${caller}`;
  function walked() {
    walk ??= (async () => {
      const asked = (rows: MatrixRow[]) => rows.flatMap((row) => CALLERS.map((caller) => ({ row, caller })));
      // No row's answer depends on another's (a write goes to a missing record, or is an empty form,
      // or makes a record of its own): six requests are in flight at a time.
      const ordinary = await inParallel(
        asked(MATRIX.filter((row) => !row.endsSession)),
        6,
        async ({ row, caller }) =>
          [key(row, caller), await answer(contexts.get(caller) as APIRequestContext, row)] as const,
      );
      // A row that ends the session it is sent with gets a session of its own.
      const endingSessions = await inParallel(
        asked(MATRIX.filter((row) => row.endsSession)),
        4,
        async ({ row, caller }) => {
          const context = await signedInContext(users.get(caller));
          const got = await answer(context, row);
          await context.dispose();
          return [key(row, caller), got] as const;
        },
      );
      return new Map([...ordinary, ...endingSessions]);
    })();
    return walk;
  }

  test("every row answers each caller as the matrix says", async () => {
    const answers = await walked();
    const wrong = MATRIX.flatMap((row) =>
      CALLERS.flatMap((caller, i) => {
        const got = answers.get(key(row, caller));
        return got === row.expect[i]
          ? []
          : [`${row.method} ${row.route} as ${caller}: ${got}, not ${row.expect[i]}`];
      }),
    );
    expect(wrong).toEqual([]);
    // The walk changed nobody's rights: each caller is still who they were.
    for (const caller of CALLERS) {
      const me = await contexts.get(caller)?.get("/api/auth/user");
      expect(me?.status(), caller).toBe(caller === "visitor" ? 401 : 200);
    }
  });

  test("each /api operation lets in the roles its documented access names, and refuses the others", async () => {
    // The document's `x-roles` (absent: public) come from the operation's access, which its route's
    // guard reads too; this holds the server to it, so a route that guards another operation than
    // its own, or guards nothing, or adds a check of its own, fails here.
    const doc: { paths: Record<string, Record<string, { "x-roles"?: Role[] }>> } = await (
      await (contexts.get("visitor") as APIRequestContext).get("/api/openapi.json")
    ).json();
    const answers = await walked();
    const wrong: string[] = [];
    for (const [path, operations] of Object.entries(doc.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        const row = MATRIX.find(
          (row) => row.method === method.toUpperCase() && row.route === path.replace(/\{(\w+)\}/g, ":$1"),
        );
        if (!row) {
          wrong.push(`${method.toUpperCase()} ${path}: documented, but no row of the matrix calls it`);
          continue;
        }
        const roles = operation["x-roles"];
        for (const caller of CALLERS) {
          const got = answers.get(key(row, caller));
          const letIn = !roles || (caller !== "visitor" && roles.includes(caller));
          const refusal = caller === "visitor" ? 401 : 403;
          const fits = letIn ? got !== 401 && got !== 403 : got === refusal;
          if (!fits)
            wrong.push(
              `${row.method} ${path} as ${caller}: ${got}, but the document's access ${roles ? `lets in ${roles.join(", ")}` : "is public"}`,
            );
        }
      }
    }
    expect(wrong).toEqual([]);
  });
});
