import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { createOrder, listDocuments } from "~/models/order/order.server";
import { documentFilters, documentRefusal } from "~/models/order/order-api.server";
import { orderQuerySchema, orderSchema } from "~/models/order/order-schema";
import { apiError, json, parseJson } from "~/utils/api.server";
import { requireApiUser } from "~/utils/auth.server";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireApiUser(request);
  const { rows, total } = await listDocuments("order", documentFilters(request, orderQuerySchema));
  return json({ orders: rows, total });
}

export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return apiError(405, "Use POST to create an order");
  const user = await requireApiUser(request, { permission: "order:write" });
  const input = await parseJson(request, orderSchema);
  const result = await createOrder(input, user.id);
  return result.ok ? json(result.order, 201) : documentRefusal("order", result);
}
