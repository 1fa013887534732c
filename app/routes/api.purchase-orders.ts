import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { createPurchaseOrder, listPurchaseOrders } from "~/models/purchase-order/purchase-order.server";
import { purchaseOrderSchema } from "~/models/purchase-order/purchase-order-schema";
import { apiError, json, parseJson } from "~/web/api.server";
import { requireApiUser } from "~/web/auth.server";
import { purchaseOrderFilters, purchaseRefusal } from "~/web/purchase-order/purchase-order-api.server";

// GET /api/purchase-orders (filters and paging) and POST /api/purchase-orders (a draft).
export async function loader({ request }: LoaderFunctionArgs) {
  await requireApiUser(request, "GET /api/purchase-orders");
  const { rows, total } = await listPurchaseOrders(purchaseOrderFilters(request));
  return json({ purchaseOrders: rows, total });
}

export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return apiError(405, "Use POST to create a purchase order");
  const user = await requireApiUser(request, "POST /api/purchase-orders");
  const input = await parseJson(request, purchaseOrderSchema);
  const result = await createPurchaseOrder({ ...input, supplierId: input.supplierId as number }, user.id);
  return result.ok ? json(result.order, 201) : purchaseRefusal(result);
}
