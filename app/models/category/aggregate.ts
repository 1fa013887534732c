import { defineAggregate, defineAudited, defineChecks, text } from "~/models/aggregate";

/** Product categories. */
export const aggregate = defineAggregate({
  permissions: {
    "category:write": ["admin", "manager"],
    "category:delete": ["admin"],
  },
  sidebar: [{ to: "/categories", label: "nav.categories", icon: "categories", place: 140 }],
  lists: { category: "/categories", categoryImport: "/categories/import" },
});

/** What the audit trail records of it (the server's and /audit's: not in the other pages' bundle). */
export const audited = defineAudited({
  Category: { type: "category", place: 20, label: (c) => text(c.name), page: "/categories/:id/edit" },
});

declare module "~/models/aggregate" {
  interface Aggregates {
    category: typeof aggregate & { audited: typeof audited };
  }
}

/** What the cross-cutting tests walk: the authorization matrix, the API document, the fuzzer. */
export const checks = defineChecks({
  routes: [
    ["GET", "/categories", "staff", 200],
    ["GET", "/categories/new", "managers", 200],
    ["POST", "/categories/new", "managers", 400],
    ["GET", "/categories/:id/edit", "managers", 200],
    ["POST", "/categories/:id/edit", "managers", 400],
    ["GET", "/categories/:id/delete", "admins", 200],
    ["POST", "/categories/:id/delete", "admins", "→/categories", { target: "missing" }],
    ["GET", "/categories/import", "managers", 200],
    ["POST", "/categories/import", "managers", 400],
    // An import's check, progress and result: `:id` is an import that does not exist.
    ["GET", "/categories/import/:id", "managers", 404],
    ["POST", "/categories/import/:id", "managers", 404],
    ["GET", "/api/categories", "staff", 200],
    ["POST", "/api/categories", "managers", 400],
    ["GET", "/api/categories/:id", "staff", 200],
    ["PATCH", "/api/categories/:id", "managers", 404, { target: "missing" }],
    ["DELETE", "/api/categories/:id", "admins", 404, { target: "missing" }],
  ],
  record: { segment: "categories", create: "/api/categories", body: { name: "Checked category {unique}" } },
  fingerprint: ["category"],
});
