import { defineAggregateServer } from "~/models/registry.server";
import { PurchaseOrder, PurchaseOrderLine } from "./purchase-order.entity";

/** The purchase-order aggregate on the server: its entities. */
export const server = defineAggregateServer({
  entities: [PurchaseOrder, PurchaseOrderLine],
});
