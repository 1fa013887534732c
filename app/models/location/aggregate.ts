import { defineAggregate, defineAudited, text } from "~/models/aggregate";

/** Locations (issue #32): the stores and warehouses that hold stock. */
export const aggregate = defineAggregate({
  // Admins and managers add, change and delete locations; everyone reads them.
  permissions: { "location:write": ["admin", "manager"] },
});

/** What the audit trail records of it. */
export const audited = defineAudited({
  Location: { type: "location", place: 45, label: (l) => text(l.name) },
});

declare module "~/models/aggregate" {
  interface Aggregates {
    location: typeof aggregate & { audited: typeof audited };
  }
}
