import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { createClaimFromDefective, listSupplierClaims } from "~/models/supplier-claim/supplier-claim.server";
import { claimCreateSchema } from "~/models/supplier-claim/supplier-claim-schema";
import { apiError, json, parseJson } from "~/web/api.server";
import { requireApiUser } from "~/web/auth.server";
import { claimFilters, claimRefusal } from "~/web/supplier-claim/supplier-claim-api.server";

// GET /api/supplier-claims (filters and paging) and POST /api/supplier-claims {supplierId, note?}:
// a draft of everything defective of that supplier's products on no other draft.
export async function loader({ request }: LoaderFunctionArgs) {
  await requireApiUser(request, "GET /api/supplier-claims");
  const { rows, total } = await listSupplierClaims(claimFilters(request));
  return json({ claims: rows, total });
}

export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return apiError(405, "Use POST to create a supplier claim");
  const user = await requireApiUser(request, "POST /api/supplier-claims");
  const input = await parseJson(request, claimCreateSchema);
  const result = await createClaimFromDefective(
    { ...input, supplierId: input.supplierId as number },
    user.id,
  );
  return result.ok ? json(result.claim, 201) : claimRefusal(result);
}
