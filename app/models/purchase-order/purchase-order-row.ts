import type { z } from "zod/v4";
import type { purchaseOrderAnswer, purchaseOrderLineAnswer } from "~/models/api-doc/response-schemas";

/**
 * A purchase order as the pages, the API and its e-mail read it (getPurchaseOrder in
 * purchase-order.server.ts): a module of its own so that the e-mail, which the write path sends,
 * need not import the write path. Its types are the schemas that document the API's answers.
 */
export type PurchaseOrderRow = z.output<typeof purchaseOrderAnswer>;

/** A line of a purchase order: unitCost per unit without VAT, lineTotal unitCost x quantityOrdered. */
export type PurchaseOrderLineRow = z.output<typeof purchaseOrderLineAnswer>;
