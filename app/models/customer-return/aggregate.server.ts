import { defineAggregateServer } from "~/models/registry.server";
import { CustomerReturn, CustomerReturnLine, CustomerReturnUnit } from "./customer-return.entity";
import { RETURN_OPERATIONS } from "./customer-return-operations";

/** Customer returns on the server: their entities and their /api operations. */
export const server = defineAggregateServer({
  operations: RETURN_OPERATIONS,
  entities: [CustomerReturn, CustomerReturnLine, CustomerReturnUnit],
});

declare module "~/models/registry.server" {
  interface ServerAggregates {
    "customer-return": typeof server;
  }
}
