import type { ActionFunctionArgs } from "@remix-run/node";
import { ORDER_STATUSES } from "~/models/order/document-status";
import { getOrder, moveOrder } from "~/models/order/order.server";
import { orderTransitionSchema } from "~/models/order/order-schema";
import { can } from "~/models/user/permissions";
import { apiError, json, parseJson } from "~/web/api.server";
import { requireApiUser } from "~/web/auth.server";
import { documentNotFound, documentRefusal, knownStatus } from "~/web/order/order-api.server";
import { idParam } from "~/web/params";

export function loader() {
  return apiError(405, "Use POST to move an order");
}

// POST /api/orders/:id/transition with {"to": "confirmed"}. Approving (awaiting_approval -> pending)
// is for admins; shipping an order with serial-tracked lines sends their serials.
export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== "POST") return apiError(405, "Use POST to move an order");
  const user = await requireApiUser(request, "POST /api/orders/{id}/transition");
  const id = idParam(params.id);
  const current = id ? await getOrder(id) : null;
  if (!id || !current) return documentNotFound("order");
  const input = await parseJson(request, orderTransitionSchema);
  const to = knownStatus(ORDER_STATUSES, input.to);
  // Nothing moves back to awaiting_approval, so an order read in another status is never approved.
  if (current.status === "awaiting_approval" && to === "pending" && !can(user.role, "order:approve"))
    return apiError(403, "Forbidden: only an admin approves an order");
  const moved = await moveOrder(id, to, user.id, null, { serials: input.serials });
  return moved.ok ? json(moved.order) : documentRefusal("order", moved);
}
