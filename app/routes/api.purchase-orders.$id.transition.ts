import type { ActionFunctionArgs } from "@remix-run/node";
import { getPurchaseOrder, movePurchaseOrder } from "~/models/purchase-order/purchase-order.server";
import { purchaseTransitionSchema } from "~/models/purchase-order/purchase-order-schema";
import { apiError, json, parseJson } from "~/web/api.server";
import { requireApiUser } from "~/web/auth.server";
import { idParam } from "~/web/params";
import { purchaseOrderNotFound, purchaseRefusal } from "~/web/purchase-order/purchase-order-api.server";

export function loader() {
  return apiError(405, "Use POST to move a purchase order");
}

// POST /api/purchase-orders/:id/transition with {"to": "sent" | "cancelled" | "received"}: send a
// draft (e-mailed to the supplier when it has an address), cancel a draft or a sent order, close a
// partly received one. Another move: 409.
export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== "POST") return apiError(405, "Use POST to move a purchase order");
  const user = await requireApiUser(request, "POST /api/purchase-orders/{id}/transition");
  const id = idParam(params.id);
  if (!id || !(await getPurchaseOrder(id))) return purchaseOrderNotFound();
  const { to } = await parseJson(request, purchaseTransitionSchema);
  const moved = await movePurchaseOrder(id, to, user.id);
  return moved.ok ? json(moved.order) : purchaseRefusal(moved);
}
