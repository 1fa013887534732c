import { defineAggregateServer } from "~/models/registry.server";
import { demoProducts } from "./demo.server";
import { Product } from "./product.entity";
import { PRODUCT_OPERATIONS } from "./product-operations";

/** The product aggregate on the server: its entities and its /api operations. */
export const server = defineAggregateServer({
  demo: demoProducts,
  operations: PRODUCT_OPERATIONS,
  entities: [Product],
});

declare module "~/models/registry.server" {
  interface ServerAggregates {
    product: typeof server;
  }
}
