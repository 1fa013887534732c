import type { Operation, OperationId } from "~/models/api-doc/operation";
import {
  returnAnswer,
  returnChangeSchema,
  returnListAnswer,
  returnQuerySchema,
  returnSchema,
  returnTransitionSchema,
} from "./customer-return-schema";

const RETURN_EXAMPLE = {
  orderId: 12,
  note: "Screen flickers",
  lines: [
    {
      orderLineId: 31,
      serials: ["356938035643809"],
      reason: "defective",
      outcome: "replaced",
      replacementSerials: ["490154203237518"],
    },
    { orderLineId: 32, quantity: 1, reason: "change_of_mind", outcome: "refunded" },
  ],
};

const LINES =
  "Each line names an order line: an untracked product's line a quantity, a serial-tracked one its serials (one per unit, each sold on that line; the quantity follows); a reason (defective, wrong_item, change_of_mind, guarantee_claim) and an outcome (back_to_stock, defective_stock, replaced, refunded). A replaced tracked line names one replacement serial per unit, each in stock; a refunded line may name refundAmount (VAT included; default and most: what was paid for its units after the order's discount). More units than the line sold less those returned before, a serial not sold on the line or a replacement not in stock: 409, every problem named";

/** The /api/returns operations of the OpenAPI document (issue #31, item 5). */
export const RETURN_OPERATIONS = {
  "GET /api/returns": {
    summary:
      "List customer returns, newest first: filter by status, customer, order and text (q: the RMA or order number, the customer's name, or a serial or IMEI), page",
    tag: "Customer returns",
    access: "staff",
    query: returnQuerySchema,
    ok: { status: 200, schema: returnListAnswer, description: "A page of returns and the total" },
  },
  "POST /api/returns": {
    summary: `Register a return as a draft against a shipped or delivered order (its customer follows). Its goods come back into the order's location; an admin or a manager may name another (locationId; from a salesperson: 403). ${LINES}`,
    tag: "Customer returns",
    access: "return:draft",
    body: returnSchema,
    example: RETURN_EXAMPLE,
    ok: { status: 201, schema: returnAnswer, description: "The draft with its refund and VAT per rate" },
    errors: [409],
  },
  "GET /api/returns/{id}": {
    summary:
      "One return: its order, customer, lines (reasons, outcomes, units with their sale and guarantee end), refund and VAT per rate",
    tag: "Customer returns",
    access: "staff",
    ok: { status: 200, schema: returnAnswer, description: "The return" },
  },
  "PATCH /api/returns/{id}": {
    summary: `Change a draft: its note, lines (lines sent replace all lines; fields left out keep theirs) and, for an admin or a manager, locationId. A completed or cancelled return, or a stale version: 409. ${LINES}`,
    tag: "Customer returns",
    access: "return:draft",
    body: returnChangeSchema,
    partialBody: true,
    example: { note: "Box opened", version: 1 },
    ok: { status: 200, schema: returnAnswer, description: "The draft as saved" },
    errors: [409],
  },
  "POST /api/returns/{id}/transition": {
    summary:
      "Move a draft: to completed (checked again, then every move at once: goods back to stock as a return movement naming the RMA, or to the defective stock; units back in stock or defective; replacements sold on the same order line with the original guarantee end, leaving stock as a sale; refunds lower the customer's total spent) or to cancelled. Another move, a stale version, or a problem found now: 409",
    tag: "Customer returns",
    access: "return:write",
    body: returnTransitionSchema,
    example: { to: "completed", version: 1 },
    ok: { status: 200, schema: returnAnswer, description: "The return moved" },
    errors: [409],
  },
} satisfies Record<OperationId, Operation>;
