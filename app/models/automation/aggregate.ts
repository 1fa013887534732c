import { defineAggregate, defineAudited, text } from "~/models/aggregate";

/** Automation rules: alerts raised by the shop's own conditions. */
export const aggregate = defineAggregate({
  permissions: { "automation:write": ["admin", "manager"] },
  lists: { automationRule: "/notifications/rules" },
});

/** What the audit trail records of it (the server's and /audit's: not in the other pages' bundle). */
export const audited = defineAudited({
  AutomationRule: {
    type: "automation_rule",
    place: 80,
    label: (r) => text(r.name),
    ignore: ["lastRun"],
    page: "/notifications/rules/:id/edit",
  },
});

declare module "~/models/aggregate" {
  interface Aggregates {
    automation: typeof aggregate & { audited: typeof audited };
  }
}
