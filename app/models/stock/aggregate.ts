import { defineAggregate, defineChecks } from "~/models/aggregate";

/** The stock ledger and the inventory screen. */
export const aggregate = defineAggregate({
  permissions: {
    // Recording stock movements by hand (receipts, damage, counts ...); everyone reads the ledger.
    "stock:write": ["admin", "manager"],
  },
  sidebar: [{ to: "/inventory", label: "nav.inventory", icon: "inventory", place: 40 }],
});

declare module "~/models/aggregate" {
  interface Aggregates {
    stock: typeof aggregate;
  }
}

/**
 * What the cross-cutting tests walk: the inventory screen and the ledger's /api routes. The
 * movements of a product use the record product/aggregate.ts declares for "products".
 */
export const checks = defineChecks({
  routes: [
    ["GET", "/inventory", "staff", 200],
    ["GET", "/api/products/:id/movements", "staff", 200],
    // Marking a quantity defective (issue #31): an empty body names no quantity.
    ["GET", "/api/products/:id/defective", "everyone", 405],
    ["POST", "/api/products/:id/defective", "managers", 400],
    ["GET", "/api/stock-movements", "everyone", 405],
    ["POST", "/api/stock-movements", "managers", 400],
    ["GET", "/api/inventory/low-stock", "staff", 200],
    ["GET", "/api/inventory/low-margin", "staff", 200],
    ["GET", "/api/inventory/reorder", "staff", 200],
    // A reorder point per location (issue #32): an empty body names no point.
    ["GET", "/api/products/:id/locations/:locationId", "everyone", 405],
    ["PUT", "/api/products/:id/locations/:locationId", "managers", 400],
  ],
});
