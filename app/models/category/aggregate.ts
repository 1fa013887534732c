import { defineAggregate, defineAudited, text } from "~/models/aggregate";

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
