import type { Operation, OperationId } from "~/models/api-doc/operation";
import * as answer from "~/models/api-doc/response-schemas";
import { ruleSchema } from "./rule-schema";

const RULE_EXAMPLE = {
  name: "Reorder below 5",
  type: "reorder",
  conditions: { stockBelow: 5 },
  actions: { reorderQuantity: 20 },
};

/** The automation rules' /api operations, as the OpenAPI document describes them and their routes' guards read them. */
export const AUTOMATION_OPERATIONS = {
  "GET /api/automation-rules": {
    summary: "Automation rules",
    tag: "Automation",
    access: "staff",
    ok: { status: 200, schema: answer.ruleAnswer.array(), description: "The rules" },
  },
  "POST /api/automation-rules": {
    summary: "Create an automation rule (conditions and actions checked per type)",
    tag: "Automation",
    access: "automation:write",
    body: ruleSchema,
    example: RULE_EXAMPLE,
    ok: { status: 201, schema: answer.ruleAnswer, description: "The rule" },
  },
  "GET /api/automation-rules/{id}": {
    summary: "One automation rule",
    tag: "Automation",
    access: "staff",
    ok: { status: 200, schema: answer.ruleAnswer, description: "The rule" },
  },
  "PATCH /api/automation-rules/{id}": {
    summary: "Change an automation rule (any of its fields)",
    tag: "Automation",
    access: "automation:write",
    body: ruleSchema,
    partialBody: true,
    example: { isActive: false },
    ok: { status: 200, schema: answer.ruleAnswer, description: "The rule as saved" },
    errors: [409],
  },
  "DELETE /api/automation-rules/{id}": {
    summary: "Delete an automation rule",
    tag: "Automation",
    access: "automation:write",
    ok: { status: 200, schema: answer.messageAnswer, description: "Deleted" },
  },
} satisfies Record<OperationId, Operation>;
