import { defineAggregateServer } from "~/models/registry.server";
import { AutomationRule } from "./automation.entity";
import { AUTOMATION_OPERATIONS } from "./automation-operations";

/** The automation aggregate on the server: its entities and its /api operations. */
export const server = defineAggregateServer({
  operations: AUTOMATION_OPERATIONS,
  entities: [AutomationRule],
});

declare module "~/models/registry.server" {
  interface ServerAggregates {
    automation: typeof server;
  }
}
