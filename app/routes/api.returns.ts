import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { createReturn, listReturns } from "~/models/customer-return/customer-return.server";
import { returnSchema } from "~/models/customer-return/customer-return-schema";
import { can } from "~/models/user/permissions";
import { apiError, json, parseJson } from "~/web/api.server";
import { requireApiUser } from "~/web/auth.server";
import { returnFilters, returnRefusal } from "~/web/customer-return/customer-return-api.server";

// GET /api/returns (filters and paging) and POST /api/returns (a draft, any role at the counter).
export async function loader({ request }: LoaderFunctionArgs) {
  await requireApiUser(request, "GET /api/returns");
  const { rows, total } = await listReturns(returnFilters(request));
  return json({ returns: rows, total });
}

export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return apiError(405, "Use POST to register a return");
  const user = await requireApiUser(request, "POST /api/returns");
  const input = await parseJson(request, returnSchema);
  const result = await createReturn(input, user.id, {
    mayChooseLocation: can(user.role, "return:write"),
  });
  return result.ok ? json(result.ret, 201) : returnRefusal(result);
}
