import { defineAggregateServer } from "~/models/registry.server";
import { Session, SignInFailure, User } from "./user.entity";

/** The user aggregate on the server: its entities. */
export const server = defineAggregateServer({
  entities: [User, Session, SignInFailure],
});
