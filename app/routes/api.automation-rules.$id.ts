import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { changeRule, deleteRule, getRule } from "~/models/automation/automation.server";
import { ruleSchema } from "~/models/automation/rule-schema";
import { refusingControlCharacters } from "~/models/clean-text";
import { apiError, englishText, json, readJson, validationError } from "~/web/api.server";
import { requireApiUser } from "~/web/auth.server";
import { idParam } from "~/web/params";

const notFound = () => apiError(404, englishText("notifications:errors.notFound"));

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireApiUser(request, "GET /api/automation-rules/{id}");
  const id = idParam(params.id);
  const rule = id ? await getRule(id) : null;
  return rule ? json(rule) : notFound();
}

// PATCH changes a rule (fields left out keep their value; `isActive` alone toggles it); DELETE removes it.
export async function action({ request, params }: ActionFunctionArgs) {
  const id = idParam(params.id);
  switch (request.method) {
    case "PATCH": {
      await requireApiUser(request, "PATCH /api/automation-rules/{id}");
      const current = id ? await getRule(id) : null;
      if (!id || !current) return notFound();
      const body = await readJson(request);
      if (typeof body !== "object" || body === null || Array.isArray(body))
        return apiError(400, "The body must be a JSON object");
      const { name, type, isActive, conditions, actions } = current;
      const parsed = refusingControlCharacters(ruleSchema).safeParse({
        name,
        type,
        isActive,
        conditions,
        actions,
        ...body,
      });
      if (!parsed.success) return validationError(parsed.error);
      const result = await changeRule(id, parsed.data);
      if (result.ok) return json(result.rule);
      return result.reason === "stale" ? apiError(409, englishText("toast.staleEdit")) : notFound();
    }
    case "DELETE": {
      await requireApiUser(request, "DELETE /api/automation-rules/{id}");
      if (!id || !(await deleteRule(id))) return notFound();
      return json({ message: "Automation rule deleted" });
    }
    default:
      return apiError(405, "Use GET, PATCH or DELETE");
  }
}
