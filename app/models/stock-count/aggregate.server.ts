import { defineAggregateServer } from "~/models/registry.server";
import { StockCount, StockCountLine } from "./stock-count.entity";

/** The stock-count aggregate on the server: its entities. */
export const server = defineAggregateServer({
  entities: [StockCount, StockCountLine],
});
