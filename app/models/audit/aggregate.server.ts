import { defineAggregateServer } from "~/models/registry.server";
import { AuditLog } from "./audit.entity";

/** The audit aggregate on the server: its entities. */
export const server = defineAggregateServer({
  entities: [AuditLog],
});
