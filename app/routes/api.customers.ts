import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { createCustomer, listCustomers } from "~/models/customer/customer.server";
import { customerQuerySchema, customerSchema } from "~/models/customer/customer-schema";
import { confirmationOf, isBelowCostRefusal } from "~/models/price/below-cost";
import { searchParamsObject } from "~/models/product/product-schema";
import { apiError, englishText, json, parseJson, validationError } from "~/web/api.server";
import { requireApiUser } from "~/web/auth.server";
import { belowCostApiRefusal } from "~/web/below-cost.server";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireApiUser(request, "GET /api/customers");
  const query = customerQuerySchema.safeParse(searchParamsObject(new URL(request.url).searchParams));
  if (!query.success) return validationError(query.error);
  return json(await listCustomers(query.data.search, query.data.limit));
}

export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return apiError(405, "Use POST to create a customer");
  const user = await requireApiUser(request, "POST /api/customers");
  const input = await parseJson(request, customerSchema);
  // A discount that sells products under their net cost needs a belowCostReason (below-cost.ts).
  const result = await createCustomer(input, confirmationOf(input.belowCostReason, user));
  if (result.ok) return json(result.customer, 201);
  if (isBelowCostRefusal(result)) return belowCostApiRefusal(result);
  const message = englishText("customers:errors.emailTaken");
  return apiError(409, message, { email: [message] });
}
