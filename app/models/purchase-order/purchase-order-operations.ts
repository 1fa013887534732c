import type { Operation, OperationId } from "~/models/api-doc/operation";
import { purchaseOrderAnswer, purchaseOrderListAnswer } from "~/models/api-doc/response-schemas";
import {
  purchaseOrderQuerySchema,
  purchaseOrderSchema,
  purchaseTransitionSchema,
  receiveSchema,
} from "./purchase-order-schema";

const PURCHASE_ORDER_EXAMPLE = {
  supplierId: 3,
  expectedDate: "2026-12-04",
  note: "Deliver to the back door",
  lines: [
    { productId: 4, quantity: 10 },
    { productId: 9, quantity: 2, unitCost: "89.00" },
  ],
};

/** The /api/purchase-orders operations of the OpenAPI document (issue #15 item 4). */
export const PURCHASE_ORDER_OPERATIONS = {
  "GET /api/purchase-orders": {
    summary:
      "List purchase orders, newest first: filter by status, supplier, location (where they are delivered) and text (q: number or supplier name), page",
    tag: "Purchasing",
    access: "staff",
    query: purchaseOrderQuerySchema,
    ok: {
      status: 200,
      schema: purchaseOrderListAnswer,
      description: "A page of purchase orders and the total",
    },
  },
  "POST /api/purchase-orders": {
    summary:
      "Create a draft purchase order (a line without unitCost costs the product's purchase price without VAT; expectedDate defaults to today plus the supplier's lead time; delivered into locationId, else the user's work location: an unknown or inactive one is 400)",
    tag: "Purchasing",
    access: "purchase:write",
    body: purchaseOrderSchema,
    example: PURCHASE_ORDER_EXAMPLE,
    ok: { status: 201, schema: purchaseOrderAnswer, description: "The draft with its amounts" },
  },
  "GET /api/purchase-orders/{id}": {
    summary: "One purchase order with its supplier, lines (ordered and received), amounts and VAT breakdown",
    tag: "Purchasing",
    access: "staff",
    ok: { status: 200, schema: purchaseOrderAnswer, description: "The purchase order" },
  },
  "PATCH /api/purchase-orders/{id}": {
    summary:
      "Change a draft (any of its fields; lines sent replace all lines); an open order (sent, partially_received) only its expectedDate and note, and a sent one with nothing received its locationId. Anything else: 409",
    tag: "Purchasing",
    access: "purchase:write",
    body: purchaseOrderSchema,
    partialBody: true,
    example: { note: "Call before delivery", version: 1 },
    ok: { status: 200, schema: purchaseOrderAnswer, description: "The order as saved" },
    errors: [409],
  },
  "POST /api/purchase-orders/{id}/transition": {
    summary:
      "Move a purchase order: draft -> sent (e-mailed to the supplier through the outbox when it has an address, else marked sent) | cancelled; sent -> cancelled; partially_received -> received (close: the rest will not come). Another move: 409",
    tag: "Purchasing",
    access: "purchase:write",
    body: purchaseTransitionSchema,
    example: { to: "sent" },
    ok: { status: 200, schema: purchaseOrderAnswer, description: "The purchase order moved" },
    errors: [409],
  },
  "POST /api/purchase-orders/{id}/receive": {
    summary:
      "Receive goods on a sent or partially received order into its location: a receipt movement per line naming the order; a unitCost other than the product's purchase price (without VAT) becomes its purchase price (price history, margin alerts). More than ordered needs allowOverReceipt (else 409). A serial-tracked product's line (tracking serial or imei) sends its serials, one per unit received: duplicates, bad IMEIs or a wrong count answer 400, serials the product already has 409, each serial named and nothing received",
    tag: "Purchasing",
    access: "purchase:write",
    body: receiveSchema,
    example: {
      lines: [
        { lineId: 17, quantity: 8 },
        { lineId: 18, quantity: 2, unitCost: "91.50", serials: ["356938035643809", "490154203237518"] },
      ],
    },
    ok: { status: 200, schema: purchaseOrderAnswer, description: "The purchase order after the receipt" },
    errors: [409],
  },
} satisfies Record<OperationId, Operation>;
