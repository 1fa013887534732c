import type { ActionFunctionArgs } from "@remix-run/node";
import { markUnitDefective } from "~/models/stock/mark-defective.server";
import { markUnitDefectiveSchema } from "~/models/stock/mark-defective-schema";
import { apiError, json, parseJson } from "~/web/api.server";
import { requireApiUser } from "~/web/auth.server";
import { idParam } from "~/web/params";
import { markUnitRefusal } from "~/web/stock/mark-defective-api.server";

export function loader() {
  return apiError(405, "Use POST to mark a unit defective");
}

// POST /api/serials/:id/defective with {"note"?, "version"?}: a unit in stock becomes defective
// (a damage movement of its product naming the serial, its defective stock +1).
export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== "POST") return apiError(405, "Use POST to mark a unit defective");
  const user = await requireApiUser(request, "POST /api/serials/{id}/defective");
  const id = idParam(params.id);
  if (!id) return apiError(404, "Serial number not found");
  const input = await parseJson(request, markUnitDefectiveSchema, { optional: true });
  const result = await markUnitDefective(id, input, user.id);
  return result.ok ? json(result.unit) : markUnitRefusal(result);
}
