import { defineAggregate } from "~/models/aggregate";

/** The dashboard: the first screen of the sidebar. */
export const aggregate = defineAggregate({
  sidebar: [{ to: "/", label: "nav.dashboard", icon: "dashboard", place: 10 }],
});

declare module "~/models/aggregate" {
  interface Aggregates {
    dashboard: typeof aggregate;
  }
}
