import { defineAggregate } from "~/models/aggregate";

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
