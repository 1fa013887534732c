import { defineAggregateServer } from "~/models/registry.server";
import { ProductStock } from "./product-stock.entity";
import { StockMovement } from "./stock-movement.entity";
import { STOCK_OPERATIONS } from "./stock-operations";

/** The stock aggregate on the server: its entities and its /api operations. */
export const server = defineAggregateServer({
  operations: STOCK_OPERATIONS,
  entities: [StockMovement, ProductStock],
});

declare module "~/models/registry.server" {
  interface ServerAggregates {
    stock: typeof server;
  }
}
