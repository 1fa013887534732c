import { defineAggregate, defineChecks } from "~/models/aggregate";

/** Reports. */
export const aggregate = defineAggregate({
  sidebar: [{ to: "/reports", label: "nav.reports", icon: "reports", place: 130 }],
});

declare module "~/models/aggregate" {
  interface Aggregates {
    report: typeof aggregate;
  }
}

/** What the cross-cutting tests walk: every role reads the reports; admins and managers schedule them. */
export const checks = defineChecks({
  routes: [
    ["GET", "/reports", "staff", 200],
    ["POST", "/reports", "managers", 400], // scheduled report e-mails: the empty form names no intent
    ["GET", "/reports/export", "staff", 200],
    ["GET", "/reports/sales", "staff", 200], // sales over time
    ["GET", "/reports/sales/export", "staff", 200],
    // Return figures (issue #31 item 7): the page, its file and the API.
    ["GET", "/reports/returns", "staff", 200],
    ["GET", "/reports/returns/export", "staff", 200],
    ["GET", "/api/reports/returns", "staff", 200],
    ["POST", "/api/reports/returns", "everyone", 405],
  ],
});
