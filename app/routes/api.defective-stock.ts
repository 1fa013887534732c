import type { LoaderFunctionArgs } from "@remix-run/node";
import { listDefectiveStock } from "~/models/supplier-claim/supplier-claim.server";
import { apiError, json } from "~/web/api.server";
import { requireApiUser } from "~/web/auth.server";

// GET /api/defective-stock: per supplier, the defective units and quantities on no draft claim.
export async function loader({ request }: LoaderFunctionArgs) {
  await requireApiUser(request, "GET /api/defective-stock");
  return json({ suppliers: await listDefectiveStock() });
}

export function action() {
  return apiError(405, "Use GET: a claim is created with POST /api/supplier-claims");
}
