import { defineAggregate, defineChecks } from "~/models/aggregate";

/** Price batches: bulk repricing of a set of products (issue #29 item 3). */
export const aggregate = defineAggregate({
  // Previewing, applying and undoing a price batch; reached from the products page.
  permissions: { "price:bulk": ["admin", "manager"] },
  lists: { priceBatch: "/products/reprice" },
});

declare module "~/models/aggregate" {
  interface Aggregates {
    priceBatch: typeof aggregate;
  }
}

/**
 * What the cross-cutting tests walk: admins and managers preview, apply and undo; a salesperson
 * is sent away. `:id` rows use a batch that does not exist: past the guard, 404.
 */
export const checks = defineChecks({
  routes: [
    ["GET", "/products/reprice", "managers", 200],
    // The new batch form, empty: 400 with its messages.
    ["POST", "/products/reprice", "managers", 400],
    ["GET", "/products/reprice/:id", "managers", 404, { target: "missing" }],
    ["POST", "/products/reprice/:id", "managers", 404, { target: "missing" }],
  ],
  fingerprint: ["price_batch", "price_batch_line"],
});
