import type { Operation, OperationId } from "~/models/api-doc/operation";
import * as answer from "~/models/api-doc/response-schemas";
import { customerQuerySchema, customerSchema } from "./customer-schema";

const CUSTOMER_EXAMPLE = {
  firstName: "Aino",
  lastName: "Virtanen",
  email: "aino.virtanen@example.fi",
  customerType: "business",
  company: "Nordic Office Oy",
  creditLimit: "5000.00",
};

/** The customers' /api operations, as the OpenAPI document describes them and their routes' guards read them. */
export const CUSTOMER_OPERATIONS = {
  "GET /api/customers": {
    summary: "Customers by name, optionally searched (name, company or e-mail) and limited (at most 1,000)",
    tag: "Customers",
    access: "staff",
    query: customerQuerySchema,
    ok: { status: 200, schema: answer.customerAnswer.array(), description: "The customers" },
  },
  "POST /api/customers": {
    summary: "Create a customer",
    tag: "Customers",
    access: "customer:write",
    body: customerSchema,
    example: CUSTOMER_EXAMPLE,
    ok: { status: 201, schema: answer.customerAnswer, description: "The customer" },
    errors: [409],
  },
  "GET /api/customers/{id}": {
    summary: "One customer",
    tag: "Customers",
    access: "staff",
    ok: { status: 200, schema: answer.customerAnswer, description: "The customer" },
  },
  "PATCH /api/customers/{id}": {
    summary: "Change a customer (any of their fields)",
    tag: "Customers",
    access: "customer:write",
    body: customerSchema,
    partialBody: true,
    example: { phone: "+358 40 123 4567", version: 1 },
    ok: { status: 200, schema: answer.customerAnswer, description: "The customer as saved" },
    errors: [409],
  },
  "DELETE /api/customers/{id}": {
    summary: "Delete a customer",
    tag: "Customers",
    access: "customer:write",
    ok: { status: 200, schema: answer.messageAnswer, description: "Deleted" },
  },
} satisfies Record<OperationId, Operation>;
