import { defineAggregateServer } from "~/models/registry.server";
import { Location } from "./location.entity";

/** The location aggregate on the server: its entity. */
export const server = defineAggregateServer({
  entities: [Location],
});

declare module "~/models/registry.server" {
  interface ServerAggregates {
    location: typeof server;
  }
}
