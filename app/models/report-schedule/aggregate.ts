import { defineAggregate } from "~/models/aggregate";

/** Reports scheduled by e-mail. */
export const aggregate = defineAggregate({
  permissions: { "report:schedule": ["admin", "manager"] },
});

declare module "~/models/aggregate" {
  interface Aggregates {
    "report-schedule": typeof aggregate;
  }
}
