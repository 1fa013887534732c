import { defineAggregateServer } from "~/models/registry.server";
import { StockMovement } from "./stock-movement.entity";

/** The stock aggregate on the server: its entities. */
export const server = defineAggregateServer({
  entities: [StockMovement],
});
