import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { createQuote, listDocuments } from "~/models/order/order.server";
import { documentFilters, documentRefusal } from "~/models/order/order-api.server";
import { quoteQuerySchema, quoteSchema } from "~/models/order/order-schema";
import { apiError, json, parseJson } from "~/utils/api.server";
import { requireApiUser } from "~/utils/auth.server";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireApiUser(request);
  const { rows, total } = await listDocuments("quote", documentFilters(request, quoteQuerySchema));
  return json({ quotes: rows, total });
}

export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return apiError(405, "Use POST to create a quote");
  const user = await requireApiUser(request, { permission: "order:write" });
  const input = await parseJson(request, quoteSchema);
  const result = await createQuote(input, user.id);
  return result.ok ? json(result.quote, 201) : documentRefusal("quote", result);
}
