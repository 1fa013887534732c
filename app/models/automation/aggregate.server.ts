import { defineAggregateServer } from "~/models/registry.server";
import { AutomationRule } from "./automation.entity";

/** The automation aggregate on the server: its entities. */
export const server = defineAggregateServer({
  entities: [AutomationRule],
});
