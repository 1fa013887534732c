import type { ActionFunctionArgs } from "@remix-run/node";
import { markStockDefective } from "~/models/stock/mark-defective.server";
import { markStockDefectiveSchema } from "~/models/stock/mark-defective-schema";
import { apiError, json, parseJson } from "~/web/api.server";
import { requireApiUser } from "~/web/auth.server";
import { idParam } from "~/web/params";
import { markStockRefusal } from "~/web/stock/mark-defective-api.server";

export function loader() {
  return apiError(405, "Use POST to mark stock defective");
}

// POST /api/products/:id/defective with {"quantity", "note"?}: an untracked product's units
// leave the sellable stock (a damage movement) for its defective stock.
export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== "POST") return apiError(405, "Use POST to mark stock defective");
  const user = await requireApiUser(request, "POST /api/products/{id}/defective");
  const input = await parseJson(request, markStockDefectiveSchema);
  const id = idParam(params.id);
  if (!id) return apiError(404, "Product not found");
  const result = await markStockDefective(id, input, user.id);
  if (!result.ok) return markStockRefusal(result);
  const { ok: _, ...answer } = result;
  return json(answer);
}
