import type { ActionFunctionArgs } from "@remix-run/node";
import { changeSetting } from "~/models/notification/notification.server";
import { settingChangeSchema } from "~/models/notification/notification-schema";
import { apiError, englishText, json, parseJson } from "~/web/api.server";
import { requireApiUser } from "~/web/auth.server";
import { idParam } from "~/web/params";

export function loader() {
  return apiError(405, "Use PATCH to change a notification setting");
}

// PATCH /api/notification-settings/:id: one of the user's own settings; fields left out keep their value.
export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== "PATCH") return apiError(405, "Use PATCH to change a notification setting");
  const user = await requireApiUser(request, "PATCH /api/notification-settings/{id}");
  const id = idParam(params.id);
  const change = await parseJson(request, settingChangeSchema);
  const result = id ? await changeSetting(user.id, id, change) : null;
  if (!result?.ok) return apiError(404, englishText("notifications:errors.settingNotFound"));
  return json(result.setting);
}
