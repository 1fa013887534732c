import { defineAggregateServer } from "~/models/registry.server";
import { Customer } from "./customer.entity";

/** The customer aggregate on the server: its entities. */
export const server = defineAggregateServer({
  entities: [Customer],
});
