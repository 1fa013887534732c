import { defineAggregate } from "~/models/aggregate";

/** Reports. */
export const aggregate = defineAggregate({
  sidebar: [{ to: "/reports", label: "nav.reports", icon: "reports", place: 130 }],
});

declare module "~/models/aggregate" {
  interface Aggregates {
    report: typeof aggregate;
  }
}
