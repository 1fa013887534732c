import type { ActionFunctionArgs } from "@remix-run/node";
import { getPurchaseOrder, receivePurchaseOrder } from "~/models/purchase-order/purchase-order.server";
import { receiveSchema } from "~/models/purchase-order/purchase-order-schema";
import { apiError, json, parseJson } from "~/web/api.server";
import { requireApiUser } from "~/web/auth.server";
import { idParam } from "~/web/params";
import { purchaseOrderNotFound, purchaseRefusal } from "~/web/purchase-order/purchase-order-api.server";

export function loader() {
  return apiError(405, "Use POST to receive goods");
}

// POST /api/purchase-orders/:id/receive with {"lines": [{"lineId", "quantity", "unitCost"?}],
// "allowOverReceipt"?}: receipt movements, new purchase prices, the status that follows.
export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== "POST") return apiError(405, "Use POST to receive goods");
  const user = await requireApiUser(request, "POST /api/purchase-orders/{id}/receive");
  const id = idParam(params.id);
  if (!id || !(await getPurchaseOrder(id))) return purchaseOrderNotFound();
  const input = await parseJson(request, receiveSchema);
  const result = await receivePurchaseOrder(id, input, user.id);
  return result.ok ? json(result.order) : purchaseRefusal(result);
}
