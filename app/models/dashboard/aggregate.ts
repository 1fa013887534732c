import { defineAggregate, defineChecks } from "~/models/aggregate";

/** The dashboard: the first screen of the sidebar. */
export const aggregate = defineAggregate({
  sidebar: [{ to: "/", label: "nav.dashboard", icon: "dashboard", place: 10 }],
});

declare module "~/models/aggregate" {
  interface Aggregates {
    dashboard: typeof aggregate;
  }
}

/** What the cross-cutting tests walk (the dashboard page itself, `/`, is the app's: the matrix's own row). */
export const checks = defineChecks({
  routes: [["GET", "/api/dashboard/stats", "staff", 200]],
});
