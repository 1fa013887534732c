import { z } from "zod/v4";
import type { Operation, OperationId } from "~/models/api-doc/operation";
import * as answer from "~/models/api-doc/response-schemas";
import { ORDER_STATUSES, PAYMENT_STATUSES, QUOTE_STATUSES } from "./document-status";
import {
  orderQuerySchema,
  orderSchema,
  orderTransitionSchema,
  quoteQuerySchema,
  quoteSchema,
  transitionSchema,
} from "./order-schema";

const QUOTE_EXAMPLE = {
  customerId: 12,
  validUntil: "2026-12-31",
  notes: "Delivery in two weeks",
  lines: [
    { productId: 4, quantity: 3 },
    { productId: 9, quantity: 1, unitPrice: "89.00" },
  ],
};
const ORDER_EXAMPLE = { customerId: 12, lines: [{ productId: 4, quantity: 3 }] };
/** The statuses a move may name (the document-status.ts rules decide which move is allowed). */
const moveTo = (statuses: readonly [string, ...string[]]) =>
  transitionSchema.extend({ to: z.enum(statuses) });

/** The quotes and sales orders' /api operations, as the OpenAPI document describes them and their routes' guards read them. */
export const ORDER_OPERATIONS = {
  "GET /api/quotes": {
    summary:
      "List quotes, newest first: filter by status, customer, text (q: number, customer name, company or e-mail) and days (from, to), page",
    tag: "Quotes",
    access: "staff",
    query: quoteQuerySchema,
    ok: { status: 200, schema: answer.quoteListAnswer, description: "A page of quotes and the total" },
  },
  "POST /api/quotes": {
    summary:
      "Create a draft quote (lines priced at the campaign or selling price unless a unitPrice is given); a line under its net cost after the customer's discount needs an admin's or a manager's belowCostReason: 409 without it, 403 from a salesperson",
    tag: "Quotes",
    access: "order:write",
    body: quoteSchema,
    example: QUOTE_EXAMPLE,
    ok: { status: 201, schema: answer.quoteAnswer, description: "The quote with its amounts" },
    errors: [409],
  },
  "GET /api/quotes/{id}": {
    summary: "One quote with its lines, amounts and VAT breakdown",
    tag: "Quotes",
    access: "staff",
    ok: { status: 200, schema: answer.quoteAnswer, description: "The quote" },
  },
  "PATCH /api/quotes/{id}": {
    summary: "Change a draft quote (any of its fields; lines sent replace all lines). Not a draft: 409",
    tag: "Quotes",
    access: "order:write",
    body: quoteSchema,
    partialBody: true,
    example: { ...QUOTE_EXAMPLE, version: 2 },
    ok: { status: 200, schema: answer.quoteAnswer, description: "The quote as saved" },
    errors: [409],
  },
  "POST /api/quotes/{id}/transition": {
    summary:
      "Move a quote: draft -> sent -> accepted | rejected; accepted -> converted makes its order (201)",
    tag: "Quotes",
    access: "order:write",
    body: moveTo(QUOTE_STATUSES),
    example: { to: "sent" },
    ok: { status: 200, schema: answer.quoteAnswer, description: "The quote moved" },
    alsoOk: { status: 201, schema: answer.orderAnswer, description: "Converted: the new order" },
    errors: [409],
  },
  "GET /api/orders": {
    summary:
      "List sales orders, newest first: filter by status, customer, location (where they ship from), text (q: number, customer name, company or e-mail) and days (from, to), page",
    tag: "Orders",
    access: "staff",
    query: orderQuerySchema,
    ok: { status: 200, schema: answer.orderListAnswer, description: "A page of orders and the total" },
  },
  "POST /api/orders": {
    summary:
      "Create a sales order (pending, or awaiting_approval above an approval rule's total) shipping from locationId, else the user's work location (an unknown or inactive one: 400); over the customer's credit limit: 409; a line under its net cost after the customer's discount needs an admin's or a manager's belowCostReason: 409 without it, 403 from a salesperson",
    tag: "Orders",
    access: "order:write",
    body: orderSchema,
    example: ORDER_EXAMPLE,
    ok: { status: 201, schema: answer.orderAnswer, description: "The order with its amounts" },
    errors: [409],
  },
  "GET /api/orders/{id}": {
    summary: "One sales order with its lines, amounts and VAT breakdown",
    tag: "Orders",
    access: "staff",
    ok: { status: 200, schema: answer.orderAnswer, description: "The order" },
  },
  "PATCH /api/orders/{id}": {
    summary:
      "Change an order awaiting approval or pending (any of its fields, locationId too: where it ships from; lines sent replace all lines)",
    tag: "Orders",
    access: "order:write",
    body: orderSchema,
    partialBody: true,
    example: { notes: "Deliver to the back door", version: 1 },
    ok: { status: 200, schema: answer.orderAnswer, description: "The order as saved" },
    errors: [409],
  },
  "POST /api/orders/{id}/transition": {
    summary:
      "Move an order: awaiting_approval -> pending (admins approve) | cancelled; pending -> confirmed (takes the stock at its location; short there: 409 naming the product and the place) | cancelled; confirmed -> shipped (a serial-tracked line sends serials: one per unit, each in stock at its location; refused: 400 naming them, 409 when another sale took one) | cancelled (gives it back); shipped -> delivered",
    tag: "Orders",
    access: "order:write",
    body: orderTransitionSchema.extend({ to: z.enum(ORDER_STATUSES) }),
    example: { to: "shipped", serials: [{ lineId: 31, serials: ["356938035643809"] }] },
    ok: { status: 200, schema: answer.orderAnswer, description: "The order moved" },
    errors: [409],
  },
  "POST /api/orders/{id}/payment": {
    summary: "Move an order's payment: pending -> paid -> refunded",
    tag: "Orders",
    access: "order:write",
    body: moveTo(PAYMENT_STATUSES),
    example: { to: "paid" },
    ok: { status: 200, schema: answer.orderAnswer, description: "The order with its payment moved" },
    errors: [409],
  },
} satisfies Record<OperationId, Operation>;
