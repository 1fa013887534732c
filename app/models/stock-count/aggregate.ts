import { defineAggregate } from "~/models/aggregate";

/** Stock counts. */
export const aggregate = defineAggregate({
  name: "stock-count",
  lists: { stockCount: "/inventory/count" },
});

declare module "~/models/aggregate" {
  interface Aggregates {
    "stock-count": typeof aggregate;
  }
}
