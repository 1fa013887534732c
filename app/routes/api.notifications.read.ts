import type { ActionFunctionArgs } from "@remix-run/node";
import { markAlertsRead } from "~/models/alert/alert.server";
import { markReadSchema } from "~/models/notification/notification-schema";
import { apiError, json, parseJson } from "~/web/api.server";
import { requireApiUser } from "~/web/auth.server";

export function loader() {
  return apiError(405, "Use POST to mark notifications read");
}

// POST /api/notifications/read with {"ids": [1, 2]} or {"all": true}.
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return apiError(405, "Use POST to mark notifications read");
  await requireApiUser(request, "POST /api/notifications/read");
  const input = await parseJson(request, markReadSchema);
  const marked = await markAlertsRead("all" in input ? "all" : input.ids);
  return json({ marked });
}
