import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { createCustomer, listCustomers } from "~/models/customer/customer.server";
import { customerSchema } from "~/models/customer/customer-schema";
import { apiError, englishText, json, parseJson } from "~/utils/api.server";
import { requireApiUser } from "~/utils/auth.server";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireApiUser(request);
  return json(await listCustomers(new URL(request.url).searchParams.get("search")?.slice(0, 200)));
}

export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return apiError(405, "Use POST to create a customer");
  await requireApiUser(request, { permission: "customer:write" });
  const result = await createCustomer(await parseJson(request, customerSchema));
  if (result.ok) return json(result.customer, 201);
  const message = englishText("customers:errors.emailTaken");
  return apiError(409, message, { email: [message] });
}
