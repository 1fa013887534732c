import { DECLARED } from "./registry";

/**
 * Who gets what: every page, page action and /api route the server serves, with the answer each
 * kind of caller gets. The test in authorization.spec.ts walks all of it against the real server,
 * and fails when the build has a route (or a route's loader or action) without a row here.
 *
 * Most rows are the aggregates' own: each declares its routes in its folder
 * (`app/models/<aggregate>/aggregate.ts`, `checks.routes`), read here through tests/e2e/registry.ts.
 * This file keeps only the app's rows that belong to no aggregate: the landing page and dashboard
 * (`/`), signing in and out (`/login`, `/logout`, `/api/auth/*`, `/api/login`), the language switch,
 * one's own account, the API's document and the catch-alls (`/*`, `/api/*`). Some of them answer
 * each role differently or end the caller's session, which the aggregates' who-categories do not
 * say.
 *
 * Columns: visitor, salesperson, manager, admin. An answer is a status code, or "→/path" for a
 * redirect to that path ("→/login" is the sign-in page with the Unauthorized toast, "→/" the
 * dashboard with the Access Denied toast).
 *
 * Rows use the build's route patterns. `:id` is the record the route's aggregate declares
 * (`checks.record`: a product for /products, a category for /categories ...; quotes and orders are
 * made in authorization.spec.ts); `target: "missing"` uses an id that does not exist,
 * so that a permitted write proves it got past the guard (404)
 * without changing anything. Permitted page actions get an empty form: 400 with the form's messages.
 * Rows that end the caller's session (`endsSession`) are sent with a session of their own.
 */
export type Answer = number | `→/${string}`;
export type MatrixRow = {
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  route: string;
  target?: "missing";
  endsSession?: true;
  /** visitor, salesperson, manager, admin */
  expect: readonly [Answer, Answer, Answer, Answer];
};

const login = "→/login";
const denied = "→/";
const everyone = (answer: Answer) => [answer, answer, answer, answer] as const;
/** Any signed-in user; a visitor is sent to sign in (a page) or answered 401 (the API). */
const staff = (answer: Answer, visitor: Answer = login) => [visitor, answer, answer, answer] as const;
/** Admins and managers (most write permissions: products, campaigns, customers, rules ...). */
const managers = (answer: Answer, visitor: Answer = login, refused: Answer = denied) =>
  [visitor, refused, answer, answer] as const;
/** Admins only (users, deleting products and categories). */
const admins = (answer: Answer, visitor: Answer = login, refused: Answer = denied) =>
  [visitor, refused, refused, answer] as const;

const row = (
  method: MatrixRow["method"],
  route: string,
  expect: MatrixRow["expect"],
  options: Pick<MatrixRow, "target" | "endsSession"> = {},
): MatrixRow => ({ method, route, expect, ...options });

/**
 * The rows an aggregate declares with its checks (`app/models/<aggregate>/aggregate.ts`): who gets
 * past the guard and what they get; others are sent to sign in or to the dashboard (pages), or
 * answered 401 and 403 (/api).
 */
function declaredRows(api: boolean): MatrixRow[] {
  return DECLARED.flatMap(({ checks }) => checks.routes ?? [])
    .filter(([, route]) => route.startsWith("/api/") === api)
    .map(([method, route, who, answer, options = {}]) => {
      const visitor: Answer = api ? 401 : login;
      const refused: Answer = api ? 403 : denied;
      const expect =
        who === "everyone"
          ? everyone(answer)
          : who === "staff"
            ? staff(answer, visitor)
            : who === "managers"
              ? managers(answer, visitor, refused)
              : admins(answer, visitor, refused);
      return row(method, route, expect, options);
    });
}

/** The app's pages that belong to no aggregate. */
export const PAGES: MatrixRow[] = [
  row("GET", "/", everyone(200)), // the landing page for a visitor, the dashboard for staff
  row("POST", "/", staff(400)), // dismiss an alert: the form names none
  row("GET", "/login", [200, denied, denied, denied]),
  row("POST", "/login", [400, denied, denied, denied]),
  row("GET", "/logout", everyone(denied), { endsSession: true }),
  row("POST", "/logout", everyone(denied), { endsSession: true }),
  row("GET", "/language", everyone(denied)),
  row("POST", "/language", everyone(denied)),
  row("GET", "/account", staff(200)),
  row("POST", "/account", staff(400)),

  ...declaredRows(false),

  row("GET", "/*", everyone(404)),
  row("POST", "/*", everyone(404)),
];

/** The /api routes: signing in and out and the API's document are the app's, the rest the aggregates'. */
export const API: MatrixRow[] = [
  row("GET", "/api/auth/user", staff(200, 401)),
  row("GET", "/api/auth/login", everyone(405)),
  row("POST", "/api/auth/login", everyone(400)),
  row("GET", "/api/login", everyone(login)), // the spec's sign-in address for people
  row("GET", "/api/auth/register", everyone(405)),
  row("POST", "/api/auth/register", everyone(400)),
  row("GET", "/api/auth/logout", everyone(405)),
  row("POST", "/api/auth/logout", everyone(200), { endsSession: true }),

  ...declaredRows(true),

  row("GET", "/api/openapi.json", everyone(200)), // the API's reference, public as any API's is

  row("GET", "/api/*", everyone(404)),
  row("POST", "/api/*", everyone(404)),
];

export const MATRIX: MatrixRow[] = [...PAGES, ...API];
