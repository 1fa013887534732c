import { defineAggregateServer } from "~/models/registry.server";
import { SupplierClaim, SupplierClaimLine } from "./supplier-claim.entity";
import { SUPPLIER_CLAIM_OPERATIONS } from "./supplier-claim-operations";

/** The supplier-claim aggregate on the server: its entities and its /api operations. */
export const server = defineAggregateServer({
  operations: SUPPLIER_CLAIM_OPERATIONS,
  entities: [SupplierClaim, SupplierClaimLine],
});

declare module "~/models/registry.server" {
  interface ServerAggregates {
    "supplier-claim": typeof server;
  }
}
