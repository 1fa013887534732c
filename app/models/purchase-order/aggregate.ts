import { defineAggregate, defineChecks } from "~/models/aggregate";

/** Purchase orders to suppliers. */
export const aggregate = defineAggregate({
  // Drafting, sending, receiving and cancelling; everyone signed in reads them.
  permissions: { "purchase:write": ["admin", "manager"] },
  sidebar: [{ to: "/purchasing", label: "nav.purchasing", icon: "truck", place: 50 }],
  lists: { purchaseOrder: "/purchasing" },
});

declare module "~/models/aggregate" {
  interface Aggregates {
    "purchase-order": typeof aggregate;
  }
}

/**
 * What the cross-cutting tests walk: any signed-in user reads purchase orders; admins and managers
 * write them ("purchase:write"). `:id` rows use a missing record: a permitted write gets past the
 * guard and answers 404.
 */
export const checks = defineChecks({
  routes: [
    ["GET", "/purchasing", "staff", 200],
    ["GET", "/purchasing/new", "managers", 200],
    ["POST", "/purchasing/new", "managers", 400], // an empty form names no intent
    ["GET", "/purchasing/:id", "staff", 404, { target: "missing" }],
    ["POST", "/purchasing/:id", "managers", 404, { target: "missing" }],
    ["GET", "/purchasing/:id/print", "staff", 404, { target: "missing" }], // anyone signed in prints
    // The reorder tab's one click: an empty form names no product, so back to the list with a message.
    ["GET", "/purchasing/from-reorder", "staff", "→/purchasing"],
    ["POST", "/purchasing/from-reorder", "managers", "→/purchasing"],
    ["GET", "/api/purchase-orders", "staff", 200],
    ["POST", "/api/purchase-orders", "managers", 400], // no supplier
    ["GET", "/api/purchase-orders/:id", "staff", 404, { target: "missing" }],
    ["PATCH", "/api/purchase-orders/:id", "managers", 404, { target: "missing" }],
    ["GET", "/api/purchase-orders/:id/transition", "everyone", 405],
    ["POST", "/api/purchase-orders/:id/transition", "managers", 404, { target: "missing" }],
    ["GET", "/api/purchase-orders/:id/receive", "everyone", 405],
    ["POST", "/api/purchase-orders/:id/receive", "managers", 404, { target: "missing" }],
  ],
});
