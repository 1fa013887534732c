import type { Operation, OperationId } from "~/models/api-doc/operation";
import * as answer from "~/models/api-doc/response-schemas";
import { supplierQuerySchema, supplierSchema } from "./supplier-schema";

const SUPPLIER_EXAMPLE = {
  name: "Tech Data Finland",
  contactName: "Mikaela Nurmi",
  email: "tilaukset@techdata.example.fi",
  phone: "+358 9 8865 2100",
  leadTimeDays: 3,
};

/** The suppliers' /api operations, as the OpenAPI document describes them and their routes' guards read them. */
export const SUPPLIER_OPERATIONS = {
  "GET /api/suppliers": {
    summary:
      "Suppliers by name, optionally searched (name, contact or e-mail), a page at a time (limit 1-1000, default 50), and the total",
    tag: "Suppliers",
    access: "staff",
    query: supplierQuerySchema,
    ok: { status: 200, schema: answer.supplierListAnswer, description: "A page of suppliers and the total" },
  },
  "POST /api/suppliers": {
    summary: "Create a supplier (its name unique in any letter case)",
    tag: "Suppliers",
    access: "supplier:write",
    body: supplierSchema,
    example: SUPPLIER_EXAMPLE,
    ok: { status: 201, schema: answer.supplierAnswer, description: "The supplier" },
    errors: [409],
  },
  "GET /api/suppliers/{id}": {
    summary: "One supplier, with how many products name it",
    tag: "Suppliers",
    access: "staff",
    ok: { status: 200, schema: answer.supplierAnswer, description: "The supplier" },
  },
  "PATCH /api/suppliers/{id}": {
    summary: "Change a supplier (any of its fields; send the version you read: a stale one answers 409)",
    tag: "Suppliers",
    access: "supplier:write",
    body: supplierSchema,
    partialBody: true,
    example: { leadTimeDays: 5, version: 1 },
    ok: { status: 200, schema: answer.supplierAnswer, description: "The supplier as saved" },
    errors: [409],
  },
  "DELETE /api/suppliers/{id}": {
    summary: "Delete a supplier no product or purchase order names",
    tag: "Suppliers",
    access: "supplier:write",
    ok: { status: 200, schema: answer.messageAnswer, description: "Deleted" },
    errors: [409],
  },
} satisfies Record<OperationId, Operation>;
