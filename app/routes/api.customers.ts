import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { createCustomer, listCustomers } from "~/models/customer/customer.server";
import { customerQuerySchema, customerSchema } from "~/models/customer/customer-schema";
import { searchParamsObject } from "~/models/product/product-schema";
import { apiError, englishText, json, parseJson, validationError } from "~/web/api.server";
import { requireApiUser } from "~/web/auth.server";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireApiUser(request, "GET /api/customers");
  const query = customerQuerySchema.safeParse(searchParamsObject(new URL(request.url).searchParams));
  if (!query.success) return validationError(query.error);
  return json(await listCustomers(query.data.search, query.data.limit));
}

export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return apiError(405, "Use POST to create a customer");
  await requireApiUser(request, "POST /api/customers");
  const result = await createCustomer(await parseJson(request, customerSchema));
  if (result.ok) return json(result.customer, 201);
  const message = englishText("customers:errors.emailTaken");
  return apiError(409, message, { email: [message] });
}
