import type { Operation, OperationId } from "~/models/api-doc/operation";
import * as answer from "~/models/api-doc/response-schemas";
import { markReadSchema, notificationQuerySchema, settingChangeSchema } from "./notification-schema";

/** The notifications and their settings' /api operations, as the OpenAPI document describes them and their routes' guards read them. */
export const NOTIFICATION_OPERATIONS = {
  "GET /api/notifications": {
    summary: "The notification history, newest first",
    tag: "Notifications",
    access: "staff",
    query: notificationQuerySchema,
    ok: { status: 200, schema: answer.notificationListAnswer, description: "A page and the total" },
  },
  "POST /api/notifications/read": {
    summary: "Mark notifications read",
    tag: "Notifications",
    access: "staff",
    body: markReadSchema,
    example: { ids: [12, 13] },
    ok: { status: 200, schema: answer.markedAnswer, description: "How many were marked" },
  },
  "GET /api/notification-settings": {
    summary: "One's own notification settings",
    tag: "Notifications",
    access: "staff",
    ok: { status: 200, schema: answer.settingAnswer.array(), description: "The settings" },
  },
  "PATCH /api/notification-settings/{id}": {
    summary: "Change one of one's own notification settings",
    tag: "Notifications",
    access: "staff",
    body: settingChangeSchema,
    example: { emailEnabled: true, thresholdValue: 5 },
    ok: { status: 200, schema: answer.settingAnswer, description: "The setting as saved" },
  },
} satisfies Record<OperationId, Operation>;
