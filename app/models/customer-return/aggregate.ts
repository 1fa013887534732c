import { defineAggregate, defineAudited, defineChecks, text } from "~/models/aggregate";

/**
 * Customer returns (issue #31, item 5): RMA documents against shipped or delivered orders. Every
 * role reads them and registers one at the counter as a draft ("return:draft"); admins and managers
 * complete a draft, doing its moves of stock and units, or cancel it ("return:write").
 */
export const aggregate = defineAggregate({
  permissions: {
    "return:draft": ["admin", "manager", "salesperson"],
    "return:write": ["admin", "manager"],
  },
  // Beside the orders they come back from.
  sidebar: [{ to: "/returns", label: "nav.returns", icon: "undo", place: 105 }],
  lists: { customerReturn: "/returns" },
});

/** What the audit trail records of it (the server's and /audit's: not in the other pages' bundle). */
export const audited = defineAudited({
  CustomerReturn: {
    type: "customer_return",
    place: 105,
    label: (r) => text(r.returnNumber),
    page: "/returns/:id",
  },
  CustomerReturnLine: {
    type: "customer_return_line",
    place: 106,
    label: (l) => `${text(l.productName)} (${text(l.sku)})`,
    ignore: ["position"],
  },
});

declare module "~/models/aggregate" {
  interface Aggregates {
    "customer-return": typeof aggregate & { audited: typeof audited };
  }
}

/**
 * What the cross-cutting tests walk. Every role reads returns and drafts one (an empty form or body:
 * its messages); completing and cancelling are for admins and managers. `:id` rows use a missing
 * return: a permitted write gets past the guard and answers 404. No `record`: a return needs a
 * shipped order with its lines, records of other aggregates (openapi.spec.ts makes one).
 */
export const checks = defineChecks({
  routes: [
    ["GET", "/returns", "staff", 200],
    ["GET", "/returns/new", "staff", 200], // without ?order=: the form asking for the order's number
    ["POST", "/returns/new", "staff", 400], // an empty form names no order
    ["GET", "/returns/:id", "staff", 404, { target: "missing" }],
    ["POST", "/returns/:id", "staff", 404, { target: "missing" }],
    ["GET", "/returns/:id/credit-note", "staff", 404, { target: "missing" }],
    ["GET", "/api/returns", "staff", 200],
    ["POST", "/api/returns", "staff", 400],
    ["GET", "/api/returns/:id", "staff", 404, { target: "missing" }],
    ["PATCH", "/api/returns/:id", "staff", 404, { target: "missing" }],
    ["GET", "/api/returns/:id/transition", "everyone", 405],
    ["POST", "/api/returns/:id/transition", "managers", 404, { target: "missing" }],
  ],
  fingerprint: ["customer_return", "customer_return_line", "customer_return_unit"],
});
