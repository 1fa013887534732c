import type { ActionFunctionArgs } from "@remix-run/node";
import { getSupplierClaim, recordClaimOutcomes } from "~/models/supplier-claim/supplier-claim.server";
import { claimOutcomesSchema } from "~/models/supplier-claim/supplier-claim-schema";
import { apiError, json, parseJson } from "~/web/api.server";
import { requireApiUser } from "~/web/auth.server";
import { idParam } from "~/web/params";
import { claimNotFound, claimRefusal } from "~/web/supplier-claim/supplier-claim-api.server";

export function loader() {
  return apiError(405, "Use POST to record the supplier's answer");
}

// POST /api/supplier-claims/:id/outcomes with {"lines": [{"lineId", "outcome", "creditedAmount"?,
// "serials"?, "note"?}]}: credited, replaced or refused lines of a sent claim.
export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== "POST") return apiError(405, "Use POST to record the supplier's answer");
  const user = await requireApiUser(request, "POST /api/supplier-claims/{id}/outcomes");
  const id = idParam(params.id);
  if (!id || !(await getSupplierClaim(id))) return claimNotFound();
  const input = await parseJson(request, claimOutcomesSchema);
  const result = await recordClaimOutcomes(id, input, user.id);
  return result.ok ? json(result.claim) : claimRefusal(result);
}
