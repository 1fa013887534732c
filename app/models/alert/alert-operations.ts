import type { Operation, OperationId } from "~/models/api-doc/operation";
import * as answer from "~/models/api-doc/response-schemas";

/** The alerts' /api operations, as the OpenAPI document describes them and their routes' guards read them. */
export const ALERT_OPERATIONS = {
  "GET /api/alerts": {
    summary: "Alerts (?isRead=false for the unread)",
    tag: "Notifications",
    access: "staff",
    ok: { status: 200, schema: answer.alertAnswer.array(), description: "The alerts" },
  },
  "DELETE /api/alerts/{id}": {
    summary: "Dismiss an alert",
    tag: "Notifications",
    access: "staff",
    ok: { status: 200, schema: answer.messageAnswer, description: "Dismissed" },
  },
} satisfies Record<OperationId, Operation>;
