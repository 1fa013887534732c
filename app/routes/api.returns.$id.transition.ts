import type { ActionFunctionArgs } from "@remix-run/node";
import { getReturn, moveReturn } from "~/models/customer-return/customer-return.server";
import { returnTransitionSchema } from "~/models/customer-return/customer-return-schema";
import { apiError, json, parseJson } from "~/web/api.server";
import { requireApiUser } from "~/web/auth.server";
import { returnNotFound, returnRefusal } from "~/web/customer-return/customer-return-api.server";
import { idParam } from "~/web/params";

export function loader() {
  return apiError(405, "Use POST to move a return");
}

// POST /api/returns/:id/transition with {"to": "completed" | "cancelled", "version"?}: complete a
// draft (every move of stock, units and the customer's totals at once) or cancel it. Admins and managers.
export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== "POST") return apiError(405, "Use POST to move a return");
  const user = await requireApiUser(request, "POST /api/returns/{id}/transition");
  const id = idParam(params.id);
  if (!id || !(await getReturn(id))) return returnNotFound();
  const { to, version } = await parseJson(request, returnTransitionSchema);
  const moved = await moveReturn(id, to, user.id, version);
  return moved.ok ? json(moved.ret) : returnRefusal(moved);
}
