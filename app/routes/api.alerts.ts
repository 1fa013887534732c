import type { LoaderFunctionArgs } from "@remix-run/node";
import { listAlerts } from "~/models/alert/alert.server";
import { apiError, json } from "~/web/api.server";
import { requireApiUser } from "~/web/auth.server";

// GET /api/alerts[?isRead=false|true]
export async function loader({ request }: LoaderFunctionArgs) {
  await requireApiUser(request, "GET /api/alerts");
  const isRead = new URL(request.url).searchParams.get("isRead");
  if (isRead && isRead !== "true" && isRead !== "false") return apiError(400, "isRead must be true or false");
  const alerts = await listAlerts({ isRead: isRead ? isRead === "true" : undefined });
  return json(
    alerts.map(({ id, type, title, message, productId, isRead: read, createdAt }) => ({
      id,
      type,
      title,
      message,
      productId,
      isRead: read,
      createdAt,
    })),
  );
}
