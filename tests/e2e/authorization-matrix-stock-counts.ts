import type { Answer, MatrixRow } from "./authorization-matrix";

/**
 * The stock counts' rows of the authorization matrix (issue #15 item 5), merged into PAGES and API.
 * Everyone signed in reads counts; admins and managers ("stock:write") start, count, commit and
 * cancel them. `:id` rows use a count that does not exist: a permitted write gets past the guard
 * and answers 404.
 */
const login = "→/login";
const denied = "→/";
const staff = (answer: Answer, visitor: Answer = login) => [visitor, answer, answer, answer] as const;
const managers = (answer: Answer, visitor: Answer = login, refused: Answer = denied) =>
  [visitor, refused, answer, answer] as const;
const everyone = (answer: Answer) => [answer, answer, answer, answer] as const;
const missing = { target: "missing" } as const;

export const STOCK_COUNT_PAGES: MatrixRow[] = [
  { method: "GET", route: "/inventory/count", expect: staff(200) },
  // The new count form, empty: 400 with its messages.
  { method: "POST", route: "/inventory/count", expect: managers(400) },
  { method: "GET", route: "/inventory/count/:id", ...missing, expect: staff(404) },
  { method: "POST", route: "/inventory/count/:id", ...missing, expect: managers(404) },
  { method: "GET", route: "/inventory/count/:id/variance.csv", ...missing, expect: staff(404) },
];

export const STOCK_COUNT_API: MatrixRow[] = [
  { method: "GET", route: "/api/stock-counts", expect: staff(200, 401) },
  { method: "POST", route: "/api/stock-counts", expect: managers(400, 401, 403) },
  { method: "GET", route: "/api/stock-counts/:id", ...missing, expect: staff(404, 401) },
  { method: "POST", route: "/api/stock-counts/:id", expect: everyone(405) },
  { method: "GET", route: "/api/stock-counts/:id/lines", expect: everyone(405) },
  { method: "POST", route: "/api/stock-counts/:id/lines", ...missing, expect: managers(404, 401, 403) },
  { method: "GET", route: "/api/stock-counts/:id/lines/:lineId", expect: everyone(405) },
  {
    method: "DELETE",
    route: "/api/stock-counts/:id/lines/:lineId",
    ...missing,
    expect: managers(404, 401, 403),
  },
  { method: "GET", route: "/api/stock-counts/:id/commit", expect: everyone(405) },
  { method: "POST", route: "/api/stock-counts/:id/commit", ...missing, expect: managers(404, 401, 403) },
];
