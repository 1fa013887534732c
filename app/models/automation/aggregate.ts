import { defineAggregate, text } from "~/models/aggregate";

/** Automation rules: alerts raised by the shop's own conditions. */
export const aggregate = defineAggregate({
  name: "automation",
  permissions: { "automation:write": ["admin", "manager"] },
  lists: { automationRule: "/notifications/rules" },
  audited: {
    AutomationRule: {
      type: "automation_rule",
      place: 80,
      label: (r) => text(r.name),
      ignore: ["lastRun"],
      page: "/notifications/rules/:id/edit",
    },
  },
});

declare module "~/models/aggregate" {
  interface Aggregates {
    automation: typeof aggregate;
  }
}
