import { defineAggregate, defineAudited, defineChecks, text } from "~/models/aggregate";

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

/**
 * What the cross-cutting tests walk: the rules' screens under /notifications/rules and
 * /api/automation-rules; the record serves both (`pageSegment`).
 */
export const checks = defineChecks({
  routes: [
    ["GET", "/notifications/rules", "staff", 200],
    ["POST", "/notifications/rules", "staff", 400], // a rule switched on or off: the form names none
    ["GET", "/notifications/rules/new", "managers", 200],
    ["POST", "/notifications/rules/new", "managers", 400],
    ["GET", "/notifications/rules/:id/edit", "managers", 200],
    ["POST", "/notifications/rules/:id/edit", "managers", 400],
    ["GET", "/notifications/rules/:id/delete", "managers", 200],
    ["POST", "/notifications/rules/:id/delete", "managers", "→/notifications/rules", { target: "missing" }],
    ["GET", "/api/automation-rules", "staff", 200],
    ["POST", "/api/automation-rules", "managers", 400],
    ["GET", "/api/automation-rules/:id", "staff", 200],
    ["PATCH", "/api/automation-rules/:id", "managers", 404, { target: "missing" }],
    ["DELETE", "/api/automation-rules/:id", "managers", 404, { target: "missing" }],
  ],
  record: {
    segment: "automation-rules",
    pageSegment: "rules",
    create: "/api/automation-rules",
    body: { name: "Checked rule {unique}", type: "reorder", conditions: { stockBelow: 5 } },
  },
  fingerprint: ["automation_rule"],
});
