import { z } from "zod/v4";
import type { Operation, OperationId } from "~/models/api-doc/operation";
import * as answer from "~/models/api-doc/response-schemas";
import { markedDefectiveAnswer, markStockDefectiveSchema } from "./mark-defective-schema";
import {
  locationPointAnswer,
  locationPointSchema,
  locationQuerySchema,
  reorderQuerySchema,
} from "./reorder-schema";
import { movementQuerySchema, stockMovementApiSchema } from "./stock-movement-schema";

/** The stock ledger and inventory lists' /api operations, as the OpenAPI document describes them and their routes' guards read them. */
export const STOCK_OPERATIONS = {
  "GET /api/products/{id}/movements": {
    summary: "The product's stock movements, newest first, a page at a time (limit 1-1000, default 50)",
    tag: "Inventory",
    access: "staff",
    query: movementQuerySchema,
    ok: {
      status: 200,
      schema: answer.stockMovementListAnswer,
      description: "A page of movements and the total",
    },
  },
  "POST /api/stock-movements": {
    summary:
      "Record a stock movement (a signed quantity whose sign fits its reason: receipt and return in, sale and damage out, count and adjustment either way); 409 when the stock would go below 0",
    tag: "Inventory",
    access: "stock:write",
    body: stockMovementApiSchema,
    example: { productId: 4, quantity: -2, reason: "damage", note: "Dropped in the warehouse" },
    ok: {
      status: 201,
      schema: answer.stockMovementAnswer,
      description: "The movement, with the stock after it",
    },
    errors: [404, 409],
  },
  "GET /api/inventory/low-stock": {
    summary:
      "Products at or under the low-stock threshold; with locationId (an active location), those that location holds so few of, each with locationStock",
    tag: "Inventory",
    access: "staff",
    query: locationQuerySchema,
    ok: {
      status: 200,
      schema: answer.productAnswer
        .extend({
          locationStock: z.number().int().optional().describe("with locationId: what that location holds"),
        })
        .strict()
        .array(),
      description: "The products",
    },
  },
  "GET /api/inventory/low-margin": {
    summary: "Products under the low-margin threshold",
    tag: "Inventory",
    access: "staff",
    ok: { status: 200, schema: answer.productAnswer.array(), description: "The products" },
  },
  "GET /api/inventory/reorder": {
    summary:
      "To reorder: active products at or under their reorder point, grouped by supplier, with suggested quantities and their value at cost; a page of lines (limit 1-1000, default 100) and the totals",
    tag: "Inventory",
    access: "staff",
    query: reorderQuerySchema,
    ok: {
      status: 200,
      schema: answer.reorderAnswer,
      description: "A page of the list, grouped, and its totals",
    },
  },
  "POST /api/products/{id}/defective": {
    summary:
      "Mark a quantity of an untracked product defective: its stock goes down by a damage movement (the note kept), its defective stock (not sellable, for a supplier claim) up as much. A serial-tracked product's units are marked one by one (POST /api/serials/{id}/defective): 409; more than its stock: 409",
    tag: "Inventory",
    access: "stock:write",
    body: markStockDefectiveSchema,
    example: { quantity: 2, note: "Crushed in transport" },
    ok: {
      status: 200,
      schema: markedDefectiveAnswer,
      description: "The product's stock and defective stock after it",
    },
    errors: [404, 409],
  },
  "PUT /api/products/{id}/locations/{locationId}": {
    summary:
      "Set a product's reorder point in one active location (issue #32), or remove it with null: that location's stock at or under it puts the product on the To reorder list for that location and raises a low-stock alert naming it; the product's own point stays the fallback for its total. An inactive or unknown location answers 400",
    tag: "Inventory",
    access: "stock:write",
    body: locationPointSchema,
    example: { reorderPoint: 4 },
    ok: { status: 200, schema: locationPointAnswer, description: "The product's figures in that location" },
    errors: [400, 404],
  },
} satisfies Record<OperationId, Operation>;
