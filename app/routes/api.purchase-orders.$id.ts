import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { refusingControlCharacters } from "~/models/clean-text";
import { changePurchaseOrder, getPurchaseOrder } from "~/models/purchase-order/purchase-order.server";
import { purchaseOrderSchema } from "~/models/purchase-order/purchase-order-schema";
import { apiError, json, validationError } from "~/web/api.server";
import { requireApiUser } from "~/web/auth.server";
import { readJsonObject } from "~/web/order/order-api.server";
import { idParam } from "~/web/params";
import { purchaseOrderNotFound, purchaseRefusal } from "~/web/purchase-order/purchase-order-api.server";

// GET /api/purchase-orders/:id and PATCH (supplier, expected date, note and lines while a draft).
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireApiUser(request, "GET /api/purchase-orders/{id}");
  const id = idParam(params.id);
  const order = id ? await getPurchaseOrder(id) : null;
  return order ? json(order) : purchaseOrderNotFound();
}

export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== "PATCH") return apiError(405, "Use GET or PATCH");
  await requireApiUser(request, "PATCH /api/purchase-orders/{id}");
  const id = idParam(params.id);
  const current = id ? await getPurchaseOrder(id) : null;
  if (!id || !current) return purchaseOrderNotFound();
  const body = await readJsonObject(request);
  // Fields left out keep their value; lines left out keep their products, quantities and costs.
  const parsed = refusingControlCharacters(purchaseOrderSchema).safeParse({
    supplierId: current.supplier.id,
    expectedDate: current.expectedDate,
    note: current.note,
    lines: current.lines.map((line) => ({
      productId: line.productId,
      quantity: line.quantityOrdered,
      unitCost: line.unitCost,
    })),
    ...body,
  });
  if (!parsed.success) return validationError(parsed.error);
  const result = await changePurchaseOrder(id, {
    ...parsed.data,
    supplierId: parsed.data.supplierId as number,
  });
  return result.ok ? json(result.order) : purchaseRefusal(result);
}
