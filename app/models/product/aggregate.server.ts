import { defineAggregateServer } from "~/models/registry.server";
import { Product } from "./product.entity";

/** The product aggregate on the server: its entities. */
export const server = defineAggregateServer({
  entities: [Product],
});
