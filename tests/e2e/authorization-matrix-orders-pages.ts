import type { Answer, MatrixRow } from "./authorization-matrix";

/**
 * The quote and order screens' rows of the authorization matrix (merged into PAGES). Reading is
 * for any signed-in user; writing (new, save, moves) for admins and managers ("order:write").
 * `:id` rows use a missing record: a permitted write gets past the guard and answers 404.
 */
const login = "→/login";
const denied = "→/";
const staff = (answer: Answer) => [login, answer, answer, answer] as const;
const managers = (answer: Answer) => [login, denied, answer, answer] as const;

export const ORDER_PAGES: MatrixRow[] = [
  { method: "GET", route: "/quotes", expect: staff(200) },
  { method: "GET", route: "/quotes/new", expect: managers(200) },
  { method: "POST", route: "/quotes/new", expect: managers(400) }, // an empty form names no intent
  { method: "GET", route: "/quotes/:id", target: "missing", expect: staff(404) },
  { method: "POST", route: "/quotes/:id", target: "missing", expect: managers(404) },
  { method: "GET", route: "/quotes/:id/print", target: "missing", expect: staff(404) }, // anyone signed in prints
  { method: "GET", route: "/orders", expect: staff(200) },
  { method: "GET", route: "/orders/new", expect: managers(200) },
  { method: "POST", route: "/orders/new", expect: managers(400) },
  { method: "GET", route: "/orders/:id", target: "missing", expect: staff(404) },
  { method: "POST", route: "/orders/:id", target: "missing", expect: managers(404) },
  { method: "GET", route: "/orders/:id/print", target: "missing", expect: staff(404) },
];
