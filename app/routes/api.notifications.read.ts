import type { ActionFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { markAlertsRead } from "~/models/alert/alert.server";
import { apiError, json, parseJson } from "~/utils/api.server";
import { requireApiUser } from "~/utils/auth.server";

const body = z.union([
  z.object({ ids: z.array(z.number().int().positive()).min(1).max(1000) }).strict(),
  z.object({ all: z.literal(true) }).strict(),
]);

export function loader() {
  return apiError(405, "Use POST to mark notifications read");
}

// POST /api/notifications/read with {"ids": [1, 2]} or {"all": true}.
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return apiError(405, "Use POST to mark notifications read");
  await requireApiUser(request);
  const input = await parseJson(request, body);
  const marked = await markAlertsRead("all" in input ? "all" : input.ids);
  return json({ marked });
}
