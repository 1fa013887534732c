import { defineAggregate, defineChecks } from "~/models/aggregate";

/** The audit trail. */
export const aggregate = defineAggregate({
  permissions: { "audit:read": ["admin"] },
  sidebar: [{ to: "/audit", label: "nav.audit", icon: "history", place: 160, permission: "audit:read" }],
});

declare module "~/models/aggregate" {
  interface Aggregates {
    audit: typeof aggregate;
  }
}

/** What the cross-cutting tests walk: the trail is the admins'. */
export const checks = defineChecks({
  routes: [["GET", "/audit", "admins", 200]],
});
