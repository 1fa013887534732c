import { defineAggregateServer } from "~/models/registry.server";
import { Supplier } from "./supplier.entity";

/** The supplier aggregate on the server: its entities. */
export const server = defineAggregateServer({
  entities: [Supplier],
});
