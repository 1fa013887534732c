import { defineAggregateServer } from "~/models/registry.server";
import { PriceBatch, PriceBatchLine } from "./price-batch.entity";

/** The price batch aggregate on the server: its entities. */
export const server = defineAggregateServer({ entities: [PriceBatch, PriceBatchLine] });
