import { defineAggregate, defineAudited, text } from "~/models/aggregate";

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
