import { defineAggregate } from "~/models/aggregate";

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
