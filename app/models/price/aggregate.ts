import { defineAggregate, defineAudited, idOf, text } from "~/models/aggregate";

/** Prices: the price log, the prior price of a reduction, and the below-cost guard (issue #29). */
export const aggregate = defineAggregate({
  // Confirming a price below cost with a reason (below-cost.ts).
  permissions: { "price:belowCost": ["admin", "manager"] },
});

/** What the audit trail records of it (the server's and /audit's: not in the other pages' bundle). */
export const audited = defineAudited({
  BelowCostApproval: {
    type: "below_cost",
    place: 15,
    label: (a) => `${text(a.label)} (${text(a.subject)} ${idOf(a.subjectId)})`,
    // The row's user is the trail's own; the label names the product.
    ignore: ["user", "userName", "product"],
  },
});

declare module "~/models/aggregate" {
  interface Aggregates {
    price: typeof aggregate & { audited: typeof audited };
  }
}
