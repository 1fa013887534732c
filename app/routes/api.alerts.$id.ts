import type { ActionFunctionArgs } from "@remix-run/node";
import { dismissAlert } from "~/models/alert/alert.server";
import { apiError, json } from "~/web/api.server";
import { requireApiUser } from "~/web/auth.server";
import { idParam } from "~/web/params";

export function loader() {
  return apiError(405, "Use DELETE to dismiss an alert");
}

// DELETE /api/alerts/:id dismisses (deletes) the alert.
export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== "DELETE") return apiError(405, "Use DELETE to dismiss an alert");
  await requireApiUser(request, "DELETE /api/alerts/{id}");
  const id = idParam(params.id);
  if (!id || !(await dismissAlert(id))) return apiError(404, "Alert not found");
  return json({ message: "Alert dismissed" });
}
