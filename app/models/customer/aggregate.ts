import { defineAggregate, defineAudited, defineChecks, text } from "~/models/aggregate";

/** Customers. */
export const aggregate = defineAggregate({
  permissions: { "customer:write": ["admin", "manager"] },
  sidebar: [{ to: "/customers", label: "nav.customers", icon: "customers", place: 80 }],
  lists: { customer: "/customers", customerImport: "/customers/import" },
});

/** What the audit trail records of it (the server's and /audit's: not in the other pages' bundle). */
export const audited = defineAudited({
  Customer: {
    type: "customer",
    place: 50,
    label: (c) => `${text(c.firstName)} ${text(c.lastName)}`.trim() || text(c.email),
    ignore: ["totalOrders", "totalSpent"],
    page: "/customers/:id/edit",
  },
});

declare module "~/models/aggregate" {
  interface Aggregates {
    customer: typeof aggregate & { audited: typeof audited };
  }
}

/** What the cross-cutting tests walk: the authorization matrix, the API document, the fuzzer. */
export const checks = defineChecks({
  routes: [
    ["GET", "/customers", "staff", 200],
    ["POST", "/customers", "managers", 400],
    ["GET", "/customers/new", "managers", 200],
    ["POST", "/customers/new", "managers", 400],
    ["GET", "/customers/:id", "staff", 200],
    ["GET", "/customers/:id/edit", "managers", 200],
    ["POST", "/customers/:id/edit", "managers", 400],
    ["GET", "/customers/import", "managers", 200],
    ["POST", "/customers/import", "managers", 400],
    // An import's check, progress and result: `:id` is an import that does not exist.
    ["GET", "/customers/import/:id", "managers", 404],
    ["POST", "/customers/import/:id", "managers", 404],
    ["GET", "/api/customers", "staff", 200],
    ["POST", "/api/customers", "managers", 400],
    ["GET", "/api/customers/:id", "staff", 200],
    ["PATCH", "/api/customers/:id", "managers", 404, { target: "missing" }],
    ["DELETE", "/api/customers/:id", "managers", 404, { target: "missing" }],
  ],
  record: {
    segment: "customers",
    create: "/api/customers",
    body: { firstName: "Checked", lastName: "{unique}", email: "checked-{unique}@e2e.test" },
  },
  fingerprint: ["customer"],
});
