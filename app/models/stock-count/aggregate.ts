import { defineAggregate, defineChecks } from "~/models/aggregate";

/** Stock counts. */
export const aggregate = defineAggregate({
  lists: { stockCount: "/inventory/count" },
});

declare module "~/models/aggregate" {
  interface Aggregates {
    "stock-count": typeof aggregate;
  }
}

/**
 * What the cross-cutting tests walk. Everyone signed in reads counts; admins and managers
 * ("stock:write") start, count, commit and cancel them. `:id` rows use a count that does not
 * exist: a permitted write gets past the guard and answers 404.
 */
export const checks = defineChecks({
  routes: [
    ["GET", "/inventory/count", "staff", 200],
    // The new count form, empty: 400 with its messages.
    ["POST", "/inventory/count", "managers", 400],
    ["GET", "/inventory/count/:id", "staff", 404, { target: "missing" }],
    ["POST", "/inventory/count/:id", "managers", 404, { target: "missing" }],
    ["GET", "/inventory/count/:id/variance.csv", "staff", 404, { target: "missing" }],
    ["GET", "/api/stock-counts", "staff", 200],
    ["POST", "/api/stock-counts", "managers", 400],
    ["GET", "/api/stock-counts/:id", "staff", 404, { target: "missing" }],
    ["POST", "/api/stock-counts/:id", "everyone", 405],
    ["GET", "/api/stock-counts/:id/lines", "everyone", 405],
    ["POST", "/api/stock-counts/:id/lines", "managers", 404, { target: "missing" }],
    ["GET", "/api/stock-counts/:id/lines/:lineId", "everyone", 405],
    ["DELETE", "/api/stock-counts/:id/lines/:lineId", "managers", 404, { target: "missing" }],
    ["GET", "/api/stock-counts/:id/commit", "everyone", 405],
    ["POST", "/api/stock-counts/:id/commit", "managers", 404, { target: "missing" }],
  ],
});
