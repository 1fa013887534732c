import type { Answer, MatrixRow } from "./authorization-matrix";

/**
 * The purchasing rows of the authorization matrix (issue #15 item 4), merged into MATRIX: any
 * signed-in user reads purchase orders; admins and managers write them ("purchase:write"). `:id`
 * rows use a missing record: a permitted write gets past the guard and answers 404.
 */
const login = "→/login";
const denied = "→/";
const staff = (answer: Answer, visitor: Answer = login) => [visitor, answer, answer, answer] as const;
const managers = (answer: Answer, visitor: Answer = login, refused: Answer = denied) =>
  [visitor, refused, answer, answer] as const;
const everyone = (answer: Answer) => [answer, answer, answer, answer] as const;

export const PURCHASING_PAGES: MatrixRow[] = [
  { method: "GET", route: "/purchasing", expect: staff(200) },
  { method: "GET", route: "/purchasing/new", expect: managers(200) },
  { method: "POST", route: "/purchasing/new", expect: managers(400) }, // an empty form names no intent
  { method: "GET", route: "/purchasing/:id", target: "missing", expect: staff(404) },
  { method: "POST", route: "/purchasing/:id", target: "missing", expect: managers(404) },
  { method: "GET", route: "/purchasing/:id/print", target: "missing", expect: staff(404) }, // anyone signed in prints
  // The reorder tab's one click: an empty form names no product, so back to the list with a message.
  { method: "GET", route: "/purchasing/from-reorder", expect: staff("→/purchasing") },
  { method: "POST", route: "/purchasing/from-reorder", expect: managers("→/purchasing") },
];

export const PURCHASING_API: MatrixRow[] = [
  { method: "GET", route: "/api/purchase-orders", expect: staff(200, 401) },
  { method: "POST", route: "/api/purchase-orders", expect: managers(400, 401, 403) }, // no supplier
  { method: "GET", route: "/api/purchase-orders/:id", target: "missing", expect: staff(404, 401) },
  { method: "PATCH", route: "/api/purchase-orders/:id", target: "missing", expect: managers(404, 401, 403) },
  { method: "GET", route: "/api/purchase-orders/:id/transition", expect: everyone(405) },
  {
    method: "POST",
    route: "/api/purchase-orders/:id/transition",
    target: "missing",
    expect: managers(404, 401, 403),
  },
  { method: "GET", route: "/api/purchase-orders/:id/receive", expect: everyone(405) },
  {
    method: "POST",
    route: "/api/purchase-orders/:id/receive",
    target: "missing",
    expect: managers(404, 401, 403),
  },
];
