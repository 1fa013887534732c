import type { LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { listAlertHistory } from "~/models/alert/alert.server";
import { apiError, json, validationError } from "~/utils/api.server";
import { requireApiUser } from "~/utils/auth.server";

const query = z.object({
  unread: z.enum(["true", "false"], { errorMap: () => ({ message: "Use true or false" }) }).optional(),
  limit: z.coerce.number({ invalid_type_error: "validation.invalid" }).int().min(1).max(200).default(50),
  offset: z.coerce
    .number({ invalid_type_error: "validation.invalid" })
    .int()
    .min(0)
    .max(1_000_000)
    .default(0),
});

// GET /api/notifications[?unread=true][&limit=50&offset=0]: the alert history, newest first.
export async function loader({ request }: LoaderFunctionArgs) {
  await requireApiUser(request);
  const parsed = query.safeParse(Object.fromEntries(new URL(request.url).searchParams));
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
