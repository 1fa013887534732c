import { defineAggregate, defineAudited, defineChecks } from "~/models/aggregate";

/**
 * Shelf labels (issue #30): every role prints them; the reprint queue says which are out of date.
 * Admins and managers choose the shop's default layout.
 */
export const aggregate = defineAggregate({
  permissions: { "label:configure": ["admin", "manager"] },
  sidebar: [{ to: "/labels", label: "nav.labels", icon: "tag", place: 115 }],
});

/** What the audit trail records of it (the server's and /audit's: not in the other pages' bundle). */
export const audited = defineAudited({
  LabelSetting: { type: "label_setting", place: 95, label: () => "Default label layout", page: "/labels" },
});

declare module "~/models/aggregate" {
  interface Aggregates {
    label: typeof aggregate & { audited: typeof audited };
  }
}

/**
 * What the cross-cutting tests walk: anyone signed in sees the queue, previews a print and prints;
 * an empty print form names no products and goes back to the queue with a message. The default
 * layout's form (on /labels, posting to /labels/settings) is for admins and managers: an empty one
 * goes back to /labels with its message, and its address has no page of its own (back to /labels).
 */
export const checks = defineChecks({
  routes: [
    ["GET", "/labels", "staff", 200],
    // A preview naming no products goes back to the queue with a message.
    ["GET", "/labels/new", "staff", "→/labels"],
    ["POST", "/labels/print", "staff", "→/labels"],
    ["GET", "/labels/settings", "managers", "→/labels"],
    ["POST", "/labels/settings", "managers", "→/labels"],
    ["GET", "/api/label-settings", "staff", 200],
    ["PUT", "/api/label-settings", "managers", 400], // an empty body: its messages
    ["POST", "/api/label-settings", "everyone", 405],
  ],
  fingerprint: ["label_print"],
});
