import { defineAggregate, defineChecks } from "~/models/aggregate";

/** Quotes and sales orders. */
export const aggregate = defineAggregate({
  permissions: {
    "order:write": ["admin", "manager"],
    "order:approve": ["admin"],
  },
  sidebar: [
    { to: "/quotes", label: "nav.quotes", icon: "quote", place: 90 },
    { to: "/orders", label: "nav.orders", icon: "cart", place: 100 },
  ],
  lists: { quote: "/quotes", order: "/orders" },
});

declare module "~/models/aggregate" {
  interface Aggregates {
    order: typeof aggregate;
  }
}

/**
 * What the cross-cutting tests walk. Salespeople read quotes and orders; managers and admins write
 * them (approving a held order is for admins, tested in api-orders.spec.ts). An empty body is a
 * valid empty draft quote or pending order, so the walk's POST creates one: 201. The pages' `:id`
 * rows use a missing record: a permitted write gets past the guard and answers 404. No `record`:
 * the walk's quote and order carry a customer and a product line, records of other aggregates
 * (made in authorization.spec.ts).
 */
export const checks = defineChecks({
  routes: [
    ["GET", "/quotes", "staff", 200],
    ["GET", "/quotes/new", "managers", 200],
    ["POST", "/quotes/new", "managers", 400], // an empty form names no intent
    ["GET", "/quotes/:id", "staff", 404, { target: "missing" }],
    ["POST", "/quotes/:id", "managers", 404, { target: "missing" }],
    ["GET", "/quotes/:id/print", "staff", 404, { target: "missing" }], // anyone signed in prints
    ["GET", "/orders", "staff", 200],
    ["GET", "/orders/new", "managers", 200],
    ["POST", "/orders/new", "managers", 400],
    ["GET", "/orders/:id", "staff", 404, { target: "missing" }],
    ["POST", "/orders/:id", "managers", 404, { target: "missing" }],
    ["GET", "/orders/:id/print", "staff", 404, { target: "missing" }],
    ["GET", "/api/quotes", "staff", 200],
    ["POST", "/api/quotes", "managers", 201],
    ["GET", "/api/quotes/:id", "staff", 200],
    ["PATCH", "/api/quotes/:id", "managers", 404, { target: "missing" }],
    ["GET", "/api/quotes/:id/transition", "everyone", 405],
    ["POST", "/api/quotes/:id/transition", "managers", 404, { target: "missing" }],
    ["GET", "/api/orders", "staff", 200],
    ["POST", "/api/orders", "managers", 201],
    ["GET", "/api/orders/:id", "staff", 200],
    ["PATCH", "/api/orders/:id", "managers", 404, { target: "missing" }],
    ["GET", "/api/orders/:id/transition", "everyone", 405],
    ["POST", "/api/orders/:id/transition", "managers", 404, { target: "missing" }],
    ["GET", "/api/orders/:id/payment", "everyone", 405],
    ["POST", "/api/orders/:id/payment", "managers", 404, { target: "missing" }],
  ],
});
