import { defineAggregate, text } from "~/models/aggregate";

/** Customers. */
export const aggregate = defineAggregate({
  name: "customer",
  permissions: { "customer:write": ["admin", "manager"] },
  sidebar: [{ to: "/customers", label: "nav.customers", icon: "customers", place: 80 }],
  lists: { customer: "/customers", customerImport: "/customers/import" },
  audited: {
    Customer: {
      type: "customer",
      place: 50,
      label: (c) => `${text(c.firstName)} ${text(c.lastName)}`.trim() || text(c.email),
      ignore: ["totalOrders", "totalSpent"],
      page: "/customers/:id/edit",
    },
  },
});

declare module "~/models/aggregate" {
  interface Aggregates {
    customer: typeof aggregate;
  }
}
