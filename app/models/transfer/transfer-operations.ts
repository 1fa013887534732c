import type { Operation, OperationId } from "~/models/api-doc/operation";
import {
  transferAnswer,
  transferChangeSchema,
  transferCreateSchema,
  transferDeleteSchema,
  transferListAnswer,
  transferQuerySchema,
  transferTransitionSchema,
} from "./transfer-schema";

const deletedAnswer = transferAnswer.pick({ id: true, number: true }).strict();

/** The transfers' /api operations of the OpenAPI document (issue #32). */
export const TRANSFER_OPERATIONS = {
  "GET /api/transfers": {
    summary:
      "List transfers between locations, newest first: filter by status (status=sent: what is in transit) and location (from or to it), page; with everything in transit across all transfers and its value",
    tag: "Transfers",
    access: "staff",
    query: transferQuerySchema,
    ok: {
      status: 200,
      schema: transferListAnswer,
      description: "A page of transfers, the total and what is in transit",
    },
  },
  "POST /api/transfers": {
    summary:
      "Create a draft transfer from one active location to another: lines of a product (productId or sku) and quantity, a serial-tracked product's serials (one per unit, in stock at the source). More than the source holds: 409 naming the product",
    tag: "Transfers",
    access: "transfer:write",
    body: transferCreateSchema,
    example: {
      fromLocationId: 2,
      toLocationId: 3,
      note: "Weekend restock",
      lines: [
        { sku: "USB-C-1M", quantity: 4 },
        { productId: 17, quantity: 1, serials: ["356938035643809"] },
      ],
    },
    ok: { status: 201, schema: transferAnswer, description: "The draft with its lines" },
    errors: [409],
  },
  "GET /api/transfers/{id}": {
    summary: "One transfer with its locations, lines (serials, what arrived, losses) and what is in transit",
    tag: "Transfers",
    access: "staff",
    ok: { status: 200, schema: transferAnswer, description: "The transfer" },
  },
  "PATCH /api/transfers/{id}": {
    summary:
      "Change a draft: its locations, note and lines (all of them, replaced). A transfer sent, received or cancelled: 409",
    tag: "Transfers",
    access: "transfer:write",
    body: transferChangeSchema,
    example: {
      fromLocationId: 2,
      toLocationId: 3,
      note: null,
      lines: [{ sku: "USB-C-1M", quantity: 6 }],
      version: 1,
    },
    ok: { status: 200, schema: transferAnswer, description: "The transfer as saved" },
    errors: [409],
  },
  "DELETE /api/transfers/{id}": {
    summary: "Delete a draft transfer. A transfer sent, received or cancelled: 409",
    tag: "Transfers",
    access: "transfer:write",
    body: transferDeleteSchema,
    optionalBody: true,
    example: { version: 2 },
    ok: { status: 200, schema: deletedAnswer, description: "The transfer deleted" },
    errors: [409],
  },
  "POST /api/transfers/{id}/transition": {
    summary:
      "Move a transfer. sent (a draft): its stock leaves the source (transfer_out movements) and is in transit, serial units in transit; more than the source holds: 409 naming the product. received (a sent one): lines [{lineId, received, serials, lossReason, lossNote}], each line default all that was sent; what arrived comes into the destination (transfer_in), serial units in stock there; a short line's difference is its loss with a reason (lost, damaged, other), its serial units not received are scrapped. cancelled (a draft). Admins and managers; a salesperson receives a transfer into their own location (else 403)",
    tag: "Transfers",
    access: "staff",
    body: transferTransitionSchema,
    example: {
      to: "received",
      lines: [{ lineId: 41, received: 3, lossReason: "damaged", lossNote: "Box crushed" }],
    },
    ok: { status: 200, schema: transferAnswer, description: "The transfer moved" },
    errors: [403, 409],
  },
} satisfies Record<OperationId, Operation>;
