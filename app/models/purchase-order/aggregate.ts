import { defineAggregate } from "~/models/aggregate";

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
