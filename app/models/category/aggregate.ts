import { defineAggregate, text } from "~/models/aggregate";

/** Product categories. */
export const aggregate = defineAggregate({
  name: "category",
  permissions: {
    "category:write": ["admin", "manager"],
    "category:delete": ["admin"],
  },
  sidebar: [{ to: "/categories", label: "nav.categories", icon: "categories", place: 140 }],
  lists: { category: "/categories", categoryImport: "/categories/import" },
  audited: {
    Category: { type: "category", place: 20, label: (c) => text(c.name), page: "/categories/:id/edit" },
  },
});

declare module "~/models/aggregate" {
  interface Aggregates {
    category: typeof aggregate;
  }
}
