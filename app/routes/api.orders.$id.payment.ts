import type { ActionFunctionArgs } from "@remix-run/node";
import { PAYMENT_STATUSES } from "~/models/order/document-status";
import { getOrder, movePayment } from "~/models/order/order.server";
import { transitionSchema } from "~/models/order/order-schema";
import { apiError, json, parseJson } from "~/web/api.server";
import { requireApiUser } from "~/web/auth.server";
import { documentNotFound, documentRefusal, knownStatus } from "~/web/order/order-api.server";
import { idParam } from "~/web/params";

export function loader() {
  return apiError(405, "Use POST to move an order's payment");
}

// POST /api/orders/:id/payment with {"to": "paid"} or {"to": "refunded"}.
export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== "POST") return apiError(405, "Use POST to move an order's payment");
  await requireApiUser(request, "POST /api/orders/{id}/payment");
  const id = idParam(params.id);
  if (!id || !(await getOrder(id))) return documentNotFound("order");
  const to = knownStatus(PAYMENT_STATUSES, (await parseJson(request, transitionSchema)).to);
  const moved = await movePayment(id, to);
  return moved.ok ? json(moved.order) : documentRefusal("payment", moved);
}
