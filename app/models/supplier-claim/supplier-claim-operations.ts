import type { Operation, OperationId } from "~/models/api-doc/operation";
import {
  claimAnswer,
  claimChangeSchema,
  claimCreateSchema,
  claimDeleteSchema,
  claimListAnswer,
  claimOutcomesSchema,
  claimQuerySchema,
  claimTransitionSchema,
  defectiveStockAnswer,
} from "./supplier-claim-schema";

const deletedAnswer = claimAnswer.pick({ id: true, number: true }).strict();

/** The supplier claims' /api operations of the OpenAPI document (issue #31 item 6). */
export const SUPPLIER_CLAIM_OPERATIONS = {
  "GET /api/defective-stock": {
    summary:
      "The defective stock per supplier (each product's supplier): the units and quantities that are on no draft claim, with their value at purchase cost without VAT: what a new claim of that supplier gathers",
    tag: "Supplier claims",
    access: "staff",
    ok: { status: 200, schema: defectiveStockAnswer, description: "The suppliers with defective stock" },
  },
  "GET /api/supplier-claims": {
    summary:
      "List supplier claims, newest first: filter by status, supplier and text (q: number or supplier name), page",
    tag: "Supplier claims",
    access: "staff",
    query: claimQuerySchema,
    ok: { status: 200, schema: claimListAnswer, description: "A page of claims and the total" },
  },
  "POST /api/supplier-claims": {
    summary:
      "Create a draft claim of everything defective of the supplier's products and on no other draft: a line per unit of a serial-tracked product (at its purchase order line's cost), a line per untracked product. Nothing to gather: 409",
    tag: "Supplier claims",
    access: "claim:write",
    body: claimCreateSchema,
    example: { supplierId: 3, note: "Screens flicker after a week" },
    ok: { status: 201, schema: claimAnswer, description: "The draft with its lines" },
    errors: [409],
  },
  "GET /api/supplier-claims/{id}": {
    summary: "One claim with its supplier, lines (serials, unit costs, outcomes), value and credited total",
    tag: "Supplier claims",
    access: "staff",
    ok: { status: 200, schema: claimAnswer, description: "The claim" },
  },
  "PATCH /api/supplier-claims/{id}": {
    summary:
      "Change a draft: its note, and its lines when sent (lines left out are taken off; a line's note, an untracked product's quantity up to what is defective and on no other draft). A claim sent or closed: 409",
    tag: "Supplier claims",
    access: "claim:write",
    body: claimChangeSchema,
    partialBody: true,
    example: {
      note: "Return address on the box",
      lines: [{ id: 12, quantity: 2, note: "Cracked" }],
      version: 1,
    },
    ok: { status: 200, schema: claimAnswer, description: "The claim as saved" },
    errors: [409],
  },
  "DELETE /api/supplier-claims/{id}": {
    summary:
      "Delete a draft claim: its units and quantities are free for another. A claim sent or closed: 409",
    tag: "Supplier claims",
    access: "claim:write",
    body: claimDeleteSchema,
    optionalBody: true,
    example: { version: 2 },
    ok: { status: 200, schema: deletedAnswer, description: "The claim deleted" },
    errors: [409],
  },
  "POST /api/supplier-claims/{id}/transition": {
    summary:
      "Send a draft (to: sent): e-mailed to the supplier through the outbox when it has an address, else marked sent; its defective quantities leave the defective stock and its units go to the supplier (at_supplier). A unit no longer defective, or another move: 409",
    tag: "Supplier claims",
    access: "claim:write",
    body: claimTransitionSchema,
    example: { to: "sent" },
    ok: { status: 200, schema: claimAnswer, description: "The claim sent" },
    errors: [409],
  },
  "POST /api/supplier-claims/{id}/outcomes": {
    summary:
      "Record the supplier's answer on lines of a sent claim: credited (creditedAmount, default quantity x unit cost; units stay at the supplier), replaced (the replacement comes into stock as a receipt naming the claim; a serial-tracked unit's line sends the new serial in serials, checked as a receipt checks them: 400 or 409 naming each) or refused (back to defective stock). The claim closes when every line has its outcome. A draft or closed claim, or a line answered already: 409",
    tag: "Supplier claims",
    access: "claim:write",
    body: claimOutcomesSchema,
    example: {
      lines: [
        { lineId: 12, outcome: "credited", creditedAmount: "289.00", note: "Credit note 4411" },
        { lineId: 13, outcome: "replaced", serials: ["356938035643809"] },
        { lineId: 14, outcome: "refused", note: "Water damage: not covered" },
      ],
    },
    ok: { status: 200, schema: claimAnswer, description: "The claim after the outcomes" },
    errors: [409],
  },
} satisfies Record<OperationId, Operation>;
