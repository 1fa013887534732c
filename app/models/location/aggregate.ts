import { defineAggregate, defineAudited, defineChecks, text } from "~/models/aggregate";

/** Locations (issue #32): the stores and warehouses that hold stock. */
export const aggregate = defineAggregate({
  // Admins and managers add, change and delete locations; everyone reads them.
  permissions: { "location:write": ["admin", "manager"] },
  sidebar: [{ to: "/locations", label: "nav.locations", icon: "pin", place: 45 }],
  lists: { location: "/locations" },
});

/** What the audit trail records of it. */
export const audited = defineAudited({
  Location: { type: "location", place: 45, label: (l) => text(l.name), page: "/locations/:id" },
});

declare module "~/models/aggregate" {
  interface Aggregates {
    location: typeof aggregate & { audited: typeof audited };
  }
}

/** What the cross-cutting tests walk: the authorization matrix, the API document, the fuzzer. */
export const checks = defineChecks({
  routes: [
    ["GET", "/locations", "staff", 200],
    ["GET", "/locations/new", "managers", 200],
    ["POST", "/locations/new", "managers", 400],
    ["GET", "/locations/:id", "staff", 200],
    ["GET", "/locations/:id/edit", "managers", 200],
    ["POST", "/locations/:id/edit", "managers", 400],
    ["GET", "/locations/:id/delete", "managers", 200],
    ["POST", "/locations/:id/delete", "managers", "→/locations", { target: "missing" }],
    ["GET", "/api/locations", "staff", 200],
    ["POST", "/api/locations", "managers", 400],
    ["GET", "/api/locations/:id", "staff", 200],
    ["PATCH", "/api/locations/:id", "managers", 404, { target: "missing" }],
    ["DELETE", "/api/locations/:id", "managers", 404, { target: "missing" }],
  ],
  record: { segment: "locations", create: "/api/locations", body: { name: "Checked location {unique}" } },
  fingerprint: ["location"],
});
