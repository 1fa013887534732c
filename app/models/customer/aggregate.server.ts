import { defineAggregateServer } from "~/models/registry.server";
import { Customer } from "./customer.entity";
import { CUSTOMER_OPERATIONS } from "./customer-operations";
import { demoCustomers } from "./demo.server";

/** The customer aggregate on the server: its entities and its /api operations. */
export const server = defineAggregateServer({
  demo: demoCustomers,
  operations: CUSTOMER_OPERATIONS,
  entities: [Customer],
});

declare module "~/models/registry.server" {
  interface ServerAggregates {
    customer: typeof server;
  }
}
