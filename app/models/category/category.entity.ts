import { defineEntity, p } from "@mikro-orm/core";
import { createdAt } from "~/models/timestamps";

export const Category = defineEntity({
  name: "Category",
  tableName: "category",
  properties: {
    id: p.integer().primary().autoincrement(),
    name: p.string().length(100),
    description: p.text().nullable(),
    // The schema refers to itself, which TypeScript cannot infer: typed loosely here only.
    parent: () =>
      p
        // biome-ignore lint/suspicious/noExplicitAny: self reference
        .manyToOne(Category as any)
        .nullable()
        .deleteRule("no action")
        .index(),
    createdAt: createdAt(),
    version: p.integer().version(),
  },
});
