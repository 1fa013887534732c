import type { LoaderFunctionArgs } from "@remix-run/node";
import { listAlertHistory } from "~/models/alert/alert.server";
import { notificationQuerySchema } from "~/models/notification/notification-schema";
import { apiError, json, validationError } from "~/web/api.server";
import { requireApiUser } from "~/web/auth.server";

// GET /api/notifications[?unread=true][&limit=50&offset=0]: the alert history, newest first.
export async function loader({ request }: LoaderFunctionArgs) {
  await requireApiUser(request, "GET /api/notifications");
  const parsed = notificationQuerySchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  if (!parsed.success) return validationError(parsed.error);
  const { unread, limit, offset } = parsed.data;
  const { alerts, total } = await listAlertHistory({ unread: unread === "true", limit, offset });
  return json({
    notifications: alerts.map(({ id, type, title, message, productId, data, ruleId, isRead, createdAt }) => ({
      id,
      type,
      title,
      message,
      productId,
      ruleId,
      data,
      isRead,
      createdAt,
    })),
    total,
  });
}

export function action() {
  return apiError(405, "Use POST /api/notifications/read to mark notifications read");
}
