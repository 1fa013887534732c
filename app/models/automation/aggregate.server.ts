import { defineAggregateServer } from "~/models/registry.server";
import { AutomationRule } from "./automation.entity";
import { seedSampleRules } from "./automation.server";
import { AUTOMATION_OPERATIONS } from "./automation-operations";

/** The automation aggregate on the server: its entities and its /api operations. */
export const server = defineAggregateServer({
  // The spec's three sample rules, after the rest of the demo shop (a rule acts on later changes).
  demo: { place: 70, seed: (tx) => seedSampleRules(tx, null) },
  operations: AUTOMATION_OPERATIONS,
  entities: [AutomationRule],
});

declare module "~/models/registry.server" {
  interface ServerAggregates {
    automation: typeof server;
  }
}
