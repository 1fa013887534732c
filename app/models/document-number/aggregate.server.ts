import { defineAggregateServer } from "~/models/registry.server";
import { DocumentNumber } from "./document-number.entity";

/** The document-number aggregate on the server: its entities. */
export const server = defineAggregateServer({
  entities: [DocumentNumber],
});
