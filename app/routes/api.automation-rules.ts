import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { createRule, listRules } from "~/models/automation/automation.server";
import { ruleSchema } from "~/models/automation/rule-schema";
import { apiError, json, parseJson } from "~/web/api.server";
import { requireApiUser } from "~/web/auth.server";

// GET /api/automation-rules: every rule (any signed-in user reads them).
export async function loader({ request }: LoaderFunctionArgs) {
  await requireApiUser(request, "GET /api/automation-rules");
  return json(await listRules());
}

// POST /api/automation-rules: admin and manager; conditions and actions as JSON objects (or text).
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return apiError(405, "Use POST to create an automation rule");
  const user = await requireApiUser(request, "POST /api/automation-rules");
  const input = await parseJson(request, ruleSchema);
  return json(await createRule(input, user.id), 201);
}
