import { defineAggregateServer } from "~/models/registry.server";
import { Session, SignInFailure, User } from "./user.entity";
import { USER_OPERATIONS } from "./user-operations";

/** The user aggregate on the server: its entities and its /api operations. */
export const server = defineAggregateServer({
  operations: USER_OPERATIONS,
  entities: [User, Session, SignInFailure],
});

declare module "~/models/registry.server" {
  interface ServerAggregates {
    user: typeof server;
  }
}
