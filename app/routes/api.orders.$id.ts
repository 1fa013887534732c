import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { refusingControlCharacters } from "~/models/clean-text";
import { changeOrder, getOrder } from "~/models/order/order.server";
import {
  documentNotFound,
  documentRefusal,
  linesAsInput,
  readJsonObject,
} from "~/models/order/order-api.server";
import { orderSchema } from "~/models/order/order-schema";
import { apiError, json, validationError } from "~/utils/api.server";
import { requireApiUser } from "~/utils/auth.server";
import { idParam } from "~/utils/params";

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireApiUser(request);
  const id = idParam(params.id);
  const order = id ? await getOrder(id) : null;
  return order ? json(order) : documentNotFound("order");
}

export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== "PATCH") return apiError(405, "Use GET or PATCH");
  await requireApiUser(request, { permission: "order:write" });
  const id = idParam(params.id);
  const current = id ? await getOrder(id) : null;
  if (!id || !current) return documentNotFound("order");
  const body = await readJsonObject(request);
  // Fields left out keep their value; lines left out keep their products, quantities and prices.
  const parsed = refusingControlCharacters(orderSchema).safeParse({
    customerId: current.customer?.id ?? null,
    notes: current.notes,
    lines: linesAsInput(current.lines),
    ...body,
  });
  if (!parsed.success) return validationError(parsed.error);
  const result = await changeOrder(id, parsed.data);
  return result.ok ? json(result.order) : documentRefusal("order", result);
}
