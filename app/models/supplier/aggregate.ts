import { defineAggregate, text } from "~/models/aggregate";

/** Suppliers: who the shop buys from. */
export const aggregate = defineAggregate({
  name: "supplier",
  // Admins and managers add, change and delete suppliers; everyone reads them.
  permissions: { "supplier:write": ["admin", "manager"] },
  sidebar: [{ to: "/suppliers", label: "nav.suppliers", icon: "factory", place: 60 }],
  lists: { supplier: "/suppliers" },
  audited: {
    Supplier: { type: "supplier", place: 60, label: (s) => text(s.name), page: "/suppliers/:id" },
  },
});

declare module "~/models/aggregate" {
  interface Aggregates {
    supplier: typeof aggregate;
  }
}
