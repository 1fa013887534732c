import { defineAggregateServer } from "~/models/registry.server";
import { StockCount, StockCountLine, StockCountSerial } from "./stock-count.entity";
import { STOCK_COUNT_OPERATIONS } from "./stock-count-operations";

/** The stock-count aggregate on the server: its entities and its /api operations. */
export const server = defineAggregateServer({
  operations: STOCK_COUNT_OPERATIONS,
  entities: [StockCount, StockCountLine, StockCountSerial],
});

declare module "~/models/registry.server" {
  interface ServerAggregates {
    "stock-count": typeof server;
  }
}
