import type { Answer, MatrixRow } from "./authorization-matrix";

/**
 * Bulk repricing's rows of the authorization matrix (issue #29 item 3), merged into PAGES: admins
 * and managers ("price:bulk") preview, apply and undo price batches; a salesperson is sent away.
 * `:id` rows use a batch that does not exist: a permitted request gets past the guard and answers 404.
 */
const login = "→/login";
const denied = "→/";
const managers = (answer: Answer) => [login, denied, answer, answer] as const;
const missing = { target: "missing" } as const;

export const REPRICING_PAGES: MatrixRow[] = [
  { method: "GET", route: "/products/reprice", expect: managers(200) },
  // The new batch form, empty: 400 with its messages.
  { method: "POST", route: "/products/reprice", expect: managers(400) },
  { method: "GET", route: "/products/reprice/:id", ...missing, expect: managers(404) },
  { method: "POST", route: "/products/reprice/:id", ...missing, expect: managers(404) },
];
