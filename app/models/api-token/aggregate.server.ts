import { defineAggregateServer } from "~/models/registry.server";
import { ApiToken } from "./api-token.entity";

/** The api-token aggregate on the server: its entities. */
export const server = defineAggregateServer({
  entities: [ApiToken],
});
