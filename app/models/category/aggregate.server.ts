import { defineAggregateServer } from "~/models/registry.server";
import { Category } from "./category.entity";
import { CATEGORY_OPERATIONS } from "./category-operations";
import { demoCategories } from "./demo.server";

/** The category aggregate on the server: its entities and its /api operations. */
export const server = defineAggregateServer({
  demo: demoCategories,
  operations: CATEGORY_OPERATIONS,
  entities: [Category],
});

declare module "~/models/registry.server" {
  interface ServerAggregates {
    category: typeof server;
  }
}
