import { defineAggregateServer } from "~/models/registry.server";
import { demoTransfers } from "./demo.server";
import { Transfer, TransferLine, TransferSerial } from "./transfer.entity";
import { TRANSFER_OPERATIONS } from "./transfer-operations";

/** The transfer aggregate on the server: its entities and its /api operations. */
export const server = defineAggregateServer({
  demo: demoTransfers,
  operations: TRANSFER_OPERATIONS,
  entities: [Transfer, TransferLine, TransferSerial],
});

declare module "~/models/registry.server" {
  interface ServerAggregates {
    transfer: typeof server;
  }
}
