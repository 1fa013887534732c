import type { LoaderFunctionArgs } from "@remix-run/node";
import { listSettings } from "~/models/notification/notification.server";
import { apiError, json } from "~/web/api.server";
import { requireApiUser } from "~/web/auth.server";

// GET /api/notification-settings: the signed-in user's own settings, one per type.
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireApiUser(request, "GET /api/notification-settings");
  return json(await listSettings(user.id));
}

export function action() {
  return apiError(405, "Use PATCH /api/notification-settings/:id to change a setting");
}
