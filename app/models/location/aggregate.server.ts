import { defineAggregateServer } from "~/models/registry.server";
import { demoLocations } from "./demo.server";
import { Location } from "./location.entity";
import { LOCATION_OPERATIONS } from "./location-operations";

/** The location aggregate on the server: its entity and its /api operations. */
export const server = defineAggregateServer({
  demo: demoLocations,
  entities: [Location],
  operations: LOCATION_OPERATIONS,
});

declare module "~/models/registry.server" {
  interface ServerAggregates {
    location: typeof server;
  }
}
