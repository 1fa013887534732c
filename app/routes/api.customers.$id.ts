import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { refusingControlCharacters } from "~/models/clean-text";
import { deleteCustomer, getCustomer, updateCustomer } from "~/models/customer/customer.server";
import { customerSchema } from "~/models/customer/customer-schema";
import { confirmationOf, isBelowCostRefusal } from "~/models/price/below-cost";
import { apiError, englishText, json, readJson, validationError } from "~/web/api.server";
import { requireApiUser } from "~/web/auth.server";
import { belowCostApiRefusal } from "~/web/below-cost.server";
import { idParam } from "~/web/params";

const notFound = () => apiError(404, englishText("customers:errors.notFound"));

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireApiUser(request, "GET /api/customers/{id}");
  const id = idParam(params.id);
  const customer = id ? await getCustomer(id) : null;
  return customer ? json(customer) : notFound();
}

export async function action({ request, params }: ActionFunctionArgs) {
  const id = idParam(params.id);
  switch (request.method) {
    case "PATCH": {
      const user = await requireApiUser(request, "PATCH /api/customers/{id}");
      const current = id ? await getCustomer(id) : null;
      if (!id || !current) return notFound();
      const body = await readJson(request);
      if (typeof body !== "object" || body === null || Array.isArray(body))
        return apiError(400, "The body must be a JSON object");
      // Fields left out keep their value.
      const { id: _id, totalOrders, totalSpent, createdAt, version, ...editable } = current;
      const parsed = refusingControlCharacters(customerSchema).safeParse({ ...editable, ...body });
      if (!parsed.success) return validationError(parsed.error);
      // A discount raised so that products sell under their net cost needs a belowCostReason.
      const result = await updateCustomer(id, parsed.data, confirmationOf(parsed.data.belowCostReason, user));
      if (result.ok) return json(result.customer);
      if (isBelowCostRefusal(result)) return belowCostApiRefusal(result);
      if (result.reason === "emailTaken") {
        const message = englishText("customers:errors.emailTaken");
        return apiError(409, message, { email: [message] });
      }
      return result.reason === "stale" ? apiError(409, englishText("toast.staleEdit")) : notFound();
    }
    case "DELETE": {
      await requireApiUser(request, "DELETE /api/customers/{id}");
      if (!id || !(await deleteCustomer(id))) return notFound();
      return json({ message: englishText("customers:toast.deleted") });
    }
    default:
      return apiError(405, "Use GET, PATCH or DELETE");
  }
}
