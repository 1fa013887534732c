import { defineAggregateServer } from "~/models/registry.server";
import { Category } from "./category.entity";

/** The category aggregate on the server: its entities. */
export const server = defineAggregateServer({
  entities: [Category],
});
