import type { Operation, OperationId } from "~/models/api-doc/operation";
import * as answer from "~/models/api-doc/response-schemas";
import { locationSchema } from "./location-schema";

/** The locations' /api operations (issue #32), as the OpenAPI document describes them and their routes' guards read them. */
export const LOCATION_OPERATIONS = {
  "GET /api/locations": {
    summary: "Every location (stores and warehouses) by name, with its units and products in stock",
    tag: "Locations",
    access: "staff",
    ok: { status: 200, schema: answer.locationListAnswer, description: "The locations and how many" },
  },
  "POST /api/locations": {
    summary:
      "Create a location (its name unique in any letter case); `isDefault: true` takes the default flag from the other",
    tag: "Locations",
    access: "location:write",
    body: locationSchema,
    example: { name: "Web warehouse", kind: "warehouse", address: "Varastotie 1, 01510 Vantaa" },
    ok: { status: 201, schema: answer.locationAnswer, description: "The location" },
    errors: [409],
  },
  "GET /api/locations/{id}": {
    summary: "One location, with its units and products in stock",
    tag: "Locations",
    access: "staff",
    ok: { status: 200, schema: answer.locationAnswer, description: "The location" },
  },
  "PATCH /api/locations/{id}": {
    summary:
      "Change a location (any of its fields; the default is never inactive, and stops being the default only when another is made it; send the version you read: a stale one answers 409)",
    tag: "Locations",
    access: "location:write",
    body: locationSchema,
    partialBody: true,
    example: { address: "Mannerheimintie 5, 00100 Helsinki", version: 1 },
    ok: { status: 200, schema: answer.locationAnswer, description: "The location as saved" },
    errors: [409],
  },
  "DELETE /api/locations/{id}": {
    summary:
      "Delete a location that holds no stock, has no ledger and no open documents name (409 with `counts` otherwise; the default is not deleted)",
    tag: "Locations",
    access: "location:write",
    ok: { status: 200, schema: answer.messageAnswer, description: "Deleted" },
    errors: [409],
  },
} satisfies Record<OperationId, Operation>;
