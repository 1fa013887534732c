import { defineAggregateServer } from "~/models/registry.server";
import { PurchaseOrder, PurchaseOrderLine } from "./purchase-order.entity";
import { PURCHASE_ORDER_OPERATIONS } from "./purchase-order-operations";

/** The purchase-order aggregate on the server: its entities and its /api operations. */
export const server = defineAggregateServer({
  operations: PURCHASE_ORDER_OPERATIONS,
  entities: [PurchaseOrder, PurchaseOrderLine],
});

declare module "~/models/registry.server" {
  interface ServerAggregates {
    "purchase-order": typeof server;
  }
}
