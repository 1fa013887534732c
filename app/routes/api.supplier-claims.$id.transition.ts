import type { ActionFunctionArgs } from "@remix-run/node";
import { getSupplierClaim, sendSupplierClaim } from "~/models/supplier-claim/supplier-claim.server";
import { claimTransitionSchema } from "~/models/supplier-claim/supplier-claim-schema";
import { apiError, json, parseJson } from "~/web/api.server";
import { requireApiUser } from "~/web/auth.server";
import { idParam } from "~/web/params";
import { claimNotFound, claimRefusal } from "~/web/supplier-claim/supplier-claim-api.server";

export function loader() {
  return apiError(405, "Use POST to move a supplier claim");
}

// POST /api/supplier-claims/:id/transition with {"to": "sent"}: e-mailed to the supplier when it
// has an address; the defective stock leaves for it. Another move: 409.
export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== "POST") return apiError(405, "Use POST to move a supplier claim");
  const user = await requireApiUser(request, "POST /api/supplier-claims/{id}/transition");
  const id = idParam(params.id);
  if (!id || !(await getSupplierClaim(id))) return claimNotFound();
  const { version } = await parseJson(request, claimTransitionSchema);
  const moved = await sendSupplierClaim(id, user.id, { version });
  return moved.ok ? json(moved.claim) : claimRefusal(moved);
}
