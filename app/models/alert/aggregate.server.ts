import { defineAggregateServer } from "~/models/registry.server";
import { Alert } from "./alert.entity";
import { ALERT_OPERATIONS } from "./alert-operations";

/** The alert aggregate on the server: its entities and its /api operations. */
export const server = defineAggregateServer({
  operations: ALERT_OPERATIONS,
  entities: [Alert],
});

declare module "~/models/registry.server" {
  interface ServerAggregates {
    alert: typeof server;
  }
}
