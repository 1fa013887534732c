import { defineAggregateServer } from "~/models/registry.server";
import { Alert } from "./alert.entity";

/** The alert aggregate on the server: its entities. */
export const server = defineAggregateServer({
  entities: [Alert],
});
