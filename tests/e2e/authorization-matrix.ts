import { ORDER_PAGES } from "./authorization-matrix-orders-pages";
import { PURCHASING_API, PURCHASING_PAGES } from "./authorization-matrix-purchasing";
import { DECLARED } from "./registry";

/**
 * Who gets what: every page, page action and /api route the server serves, with the answer each
 * kind of caller gets. The test in authorization.spec.ts walks all of it against the real server,
 * and fails when the build has a route (or a route's loader or action) without a row here.
 *
 * Columns: visitor, salesperson, manager, admin. An answer is a status code, or "→/path" for a
 * redirect to that path ("→/login" is the sign-in page with the Unauthorized toast, "→/" the
 * dashboard with the Access Denied toast).
 *
 * Rows use the build's route patterns. `:id` is a record made for the test (a product for
 * /products, a category for /categories ...); `target: "missing"` uses an id that does not exist,
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
/** Admins and managers (the write permissions of products, campaigns, customers and rules). */
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

  row("GET", "/products", staff(200)),
  row("GET", "/products/:id", staff(200)),
  row("POST", "/products/:id", managers(400)), // record a stock movement: the form names no intent
  row("GET", "/products/new", managers(200)),
  row("POST", "/products/new", managers(400)),
  row("GET", "/products/:id/edit", managers(200)),
  row("POST", "/products/:id/edit", managers(400)),
  row("GET", "/products/:id/delete", admins(200)),
  row("POST", "/products/:id/delete", admins("→/products"), { target: "missing" }),
  row("GET", "/products/import", managers(200)),
  row("POST", "/products/import", managers(400)),
  // An import's check, progress and result: `:id` is an import that does not exist.
  row("GET", "/products/import/:id", managers(404)),
  row("POST", "/products/import/:id", managers(404)),
  row("GET", "/margin-calculator", staff(200)),
  row("POST", "/margin-calculator", staff(400)),
  row("GET", "/inventory", staff(200)),
  row("GET", "/barcode-scanner", staff(200)),
  row("POST", "/barcode-scanner", staff(400)),

  row("GET", "/categories", staff(200)),
  row("GET", "/categories/new", managers(200)),
  row("POST", "/categories/new", managers(400)),
  row("GET", "/categories/:id/edit", managers(200)),
  row("POST", "/categories/:id/edit", managers(400)),
  row("GET", "/categories/:id/delete", admins(200)),
  row("POST", "/categories/:id/delete", admins("→/categories"), { target: "missing" }),
  row("GET", "/categories/import", managers(200)),
  row("POST", "/categories/import", managers(400)),
  row("GET", "/categories/import/:id", managers(404)),
  row("POST", "/categories/import/:id", managers(404)),

  row("GET", "/campaigns", staff(200)),
  row("GET", "/campaigns/:id", staff(200)),
  row("POST", "/campaigns/:id", managers(400)),
  row("GET", "/campaigns/new", managers(200)),
  row("POST", "/campaigns/new", managers(400)),
  row("GET", "/campaigns/:id/edit", managers(200)),
  row("POST", "/campaigns/:id/edit", managers(400)),
  row("GET", "/campaigns/:id/delete", managers(200)),
  row("POST", "/campaigns/:id/delete", managers("→/campaigns"), { target: "missing" }),

  row("GET", "/customers", staff(200)),
  row("POST", "/customers", managers(400)),
  row("GET", "/customers/new", managers(200)),
  row("POST", "/customers/new", managers(400)),
  row("GET", "/customers/:id", staff(200)),
  row("GET", "/customers/:id/edit", managers(200)),
  row("POST", "/customers/:id/edit", managers(400)),
  row("GET", "/customers/import", managers(200)),
  row("POST", "/customers/import", managers(400)),
  row("GET", "/customers/import/:id", managers(404)),
  row("POST", "/customers/import/:id", managers(404)),

  row("GET", "/notifications", staff(200)),
  row("POST", "/notifications", staff(400)), // one's own settings
  row("GET", "/notifications/rules", staff(200)),
  row("POST", "/notifications/rules", staff(400)), // a rule switched on or off: the form names none
  row("GET", "/notifications/recent", staff(200)),
  row("POST", "/notifications/recent", staff(400)), // an alert marked read: the form names none
  row("GET", "/notifications/rules/new", managers(200)),
  row("POST", "/notifications/rules/new", managers(400)),
  row("GET", "/notifications/rules/:id/edit", managers(200)),
  row("POST", "/notifications/rules/:id/edit", managers(400)),
  row("GET", "/notifications/rules/:id/delete", managers(200)),
  row("POST", "/notifications/rules/:id/delete", managers("→/notifications/rules"), { target: "missing" }),

  row("GET", "/reports", staff(200)),
  row("POST", "/reports", managers(400)), // scheduled report e-mails: the empty form names no intent
  row("GET", "/reports/export", staff(200)),
  row("GET", "/reports/sales", staff(200)), // sales over time: every role reads it
  row("GET", "/reports/sales/export", staff(200)),

  row("GET", "/users", admins(200)),
  row("POST", "/users", admins(400)),
  row("GET", "/users/new", admins(200)),
  row("POST", "/users/new", admins(400)),
  row("GET", "/users/:id/edit", admins(200)),
  row("POST", "/users/:id/edit", admins(400)),
  row("GET", "/users/:id/delete", admins(200)),
  row("POST", "/users/:id/delete", admins("→/users"), { target: "missing" }),

  row("GET", "/audit", admins(200)),

  row("GET", "/*", everyone(404)),
  row("POST", "/*", everyone(404)),
];

export const API: MatrixRow[] = [
  row("GET", "/api/auth/user", staff(200, 401)),
  row("GET", "/api/auth/login", everyone(405)),
  row("POST", "/api/auth/login", everyone(400)),
  row("GET", "/api/login", everyone(login)), // the spec's sign-in address for people
  row("GET", "/api/auth/register", everyone(405)),
  row("POST", "/api/auth/register", everyone(400)),
  row("GET", "/api/auth/logout", everyone(405)),
  row("POST", "/api/auth/logout", everyone(200), { endsSession: true }),

  row("GET", "/api/products", staff(200, 401)),
  row("POST", "/api/products", managers(400, 401, 403)),
  row("GET", "/api/products/:id", staff(200, 401)),
  row("PUT", "/api/products/:id", managers(404, 401, 403), { target: "missing" }),
  row("DELETE", "/api/products/:id", admins(404, 401, 403), { target: "missing" }),
  row("GET", "/api/products/:id/movements", staff(200, 401)),
  row("GET", "/api/stock-movements", everyone(405)),
  row("POST", "/api/stock-movements", managers(400, 401, 403)),
  row("POST", "/api/calculate-margin", staff(400, 401)),
  row("GET", "/api/calculate-margin", everyone(405)),
  row("GET", "/api/dashboard/stats", staff(200, 401)),
  row("GET", "/api/inventory/low-stock", staff(200, 401)),
  row("GET", "/api/inventory/low-margin", staff(200, 401)),
  row("GET", "/api/inventory/reorder", staff(200, 401)),

  row("GET", "/api/categories", staff(200, 401)),
  row("POST", "/api/categories", managers(400, 401, 403)),
  row("GET", "/api/categories/:id", staff(200, 401)),
  row("PATCH", "/api/categories/:id", managers(404, 401, 403), { target: "missing" }),
  row("DELETE", "/api/categories/:id", admins(404, 401, 403), { target: "missing" }),

  row("GET", "/api/campaigns", staff(200, 401)),
  row("POST", "/api/campaigns", managers(400, 401, 403)),
  row("GET", "/api/campaigns/:id", staff(200, 401)),
  row("PATCH", "/api/campaigns/:id", managers(404, 401, 403), { target: "missing" }),
  row("DELETE", "/api/campaigns/:id", managers(404, 401, 403), { target: "missing" }),
  row("GET", "/api/campaigns/:id/products", staff(200, 401)),
  row("POST", "/api/campaigns/:id/products", managers(404, 401, 403), { target: "missing" }),
  row("GET", "/api/campaigns/:id/products/:productId", everyone(405)),
  row("DELETE", "/api/campaigns/:id/products/:productId", managers(404, 401, 403), { target: "missing" }),

  row("GET", "/api/customers", staff(200, 401)),
  row("POST", "/api/customers", managers(400, 401, 403)),
  row("GET", "/api/customers/:id", staff(200, 401)),
  row("PATCH", "/api/customers/:id", managers(404, 401, 403), { target: "missing" }),
  row("DELETE", "/api/customers/:id", managers(404, 401, 403), { target: "missing" }),

  // Quotes and orders: salespeople read them; managers and admins write (approving a held order is
  // for admins, tested in api-orders.spec.ts). An empty body is a valid empty draft quote or
  // pending order, so the walk's POST creates one: 201.
  row("GET", "/api/quotes", staff(200, 401)),
  row("POST", "/api/quotes", managers(201, 401, 403)),
  row("GET", "/api/quotes/:id", staff(200, 401)),
  row("PATCH", "/api/quotes/:id", managers(404, 401, 403), { target: "missing" }),
  row("GET", "/api/quotes/:id/transition", everyone(405)),
  row("POST", "/api/quotes/:id/transition", managers(404, 401, 403), { target: "missing" }),
  row("GET", "/api/orders", staff(200, 401)),
  row("POST", "/api/orders", managers(201, 401, 403)),
  row("GET", "/api/orders/:id", staff(200, 401)),
  row("PATCH", "/api/orders/:id", managers(404, 401, 403), { target: "missing" }),
  row("GET", "/api/orders/:id/transition", everyone(405)),
  row("POST", "/api/orders/:id/transition", managers(404, 401, 403), { target: "missing" }),
  row("GET", "/api/orders/:id/payment", everyone(405)),
  row("POST", "/api/orders/:id/payment", managers(404, 401, 403), { target: "missing" }),
  ...PURCHASING_API,

  row("GET", "/api/alerts", staff(200, 401)),
  row("GET", "/api/alerts/:id", everyone(405)),
  row("DELETE", "/api/alerts/:id", staff(404, 401), { target: "missing" }),
  row("GET", "/api/notifications", staff(200, 401)),
  row("POST", "/api/notifications", everyone(405)), // marking read is POST /api/notifications/read
  row("GET", "/api/notifications/read", everyone(405)),
  row("POST", "/api/notifications/read", staff(400, 401)),
  row("GET", "/api/notification-settings", staff(200, 401)),
  row("POST", "/api/notification-settings", everyone(405)), // each setting is changed on its own
  row("GET", "/api/notification-settings/:id", everyone(405)),
  // One's own settings only: another user's id is as missing as one that does not exist.
  row("PATCH", "/api/notification-settings/:id", staff(404, 401), { target: "missing" }),
  row("GET", "/api/automation-rules", staff(200, 401)),
  row("POST", "/api/automation-rules", managers(400, 401, 403)),
  row("GET", "/api/automation-rules/:id", staff(200, 401)),
  row("PATCH", "/api/automation-rules/:id", managers(404, 401, 403), { target: "missing" }),
  row("DELETE", "/api/automation-rules/:id", managers(404, 401, 403), { target: "missing" }),

  row("GET", "/api/users", admins(200, 401, 403)),
  row("POST", "/api/users", admins(400, 401, 403)),
  row("GET", "/api/users/:id", admins(200, 401, 403)),
  row("PUT", "/api/users/:id", admins(404, 401, 403), { target: "missing" }),
  row("DELETE", "/api/users/:id", admins(404, 401, 403), { target: "missing" }),

  ...declaredRows(true),

  row("GET", "/api/openapi.json", everyone(200)), // the API's reference, public as any API's is

  row("GET", "/api/*", everyone(404)),
  row("POST", "/api/*", everyone(404)),
];

export const MATRIX: MatrixRow[] = [
  ...PAGES,
  ...ORDER_PAGES,
  ...PURCHASING_PAGES,
  ...declaredRows(false),
  ...API,
];
