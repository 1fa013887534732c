import type { ActionFunctionArgs } from "@remix-run/node";
import { recordStockMovement } from "~/models/stock/stock-movement.server";
import { stockMovementApiSchema } from "~/models/stock/stock-movement-schema";
import { apiError, json, parseJson } from "~/web/api.server";
import { requireApiUser } from "~/web/auth.server";
import { movementRefusal } from "~/web/stock/stock-movement-api.server";

export function loader() {
  return apiError(405, "Use POST with productId, quantity, reason and an optional note");
}

// POST { productId, quantity (signed), reason, note? }: a movement of the product's stock ledger.
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return apiError(405, "Use POST to record a stock movement");
  const user = await requireApiUser(request, "POST /api/stock-movements");
  const { productId, ...input } = await parseJson(request, stockMovementApiSchema);
  const result = await recordStockMovement(productId, input, user.id);
  return result.ok ? json(result.movement, 201) : movementRefusal(result);
}
