import type { ActionFunctionArgs } from "@remix-run/node";
import { refusingControlCharacters } from "~/models/clean-text";
import { getTransfer, moveTransfer } from "~/models/transfer/transfer.server";
import { transferTransitionSchema } from "~/models/transfer/transfer-schema";
import { can } from "~/models/user/permissions";
import { apiError, json, validationError } from "~/web/api.server";
import { requireApiUser } from "~/web/auth.server";
import { readJsonObject } from "~/web/order/order-api.server";
import { idParam } from "~/web/params";
import { transferNotFound, transferRefusal } from "~/web/transfer/transfer-api.server";

export function loader() {
  return apiError(405, "Use POST to move a transfer");
}

// POST /api/transfers/:id/transition with {"to": "sent" | "received" | "cancelled", "lines"?}:
// admins and managers; a salesperson receives a transfer into their own location.
export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== "POST") return apiError(405, "Use POST to move a transfer");
  const user = await requireApiUser(request, "POST /api/transfers/{id}/transition");
  const id = idParam(params.id);
  if (!id || !(await getTransfer(id))) return transferNotFound();
  const parsed = refusingControlCharacters(transferTransitionSchema).safeParse(await readJsonObject(request));
  if (!parsed.success) return validationError(parsed.error);
  const moved = await moveTransfer(id, parsed.data, {
    id: user.id,
    mayWrite: can(user.role, "transfer:write"),
  });
  return moved.ok ? json(moved.transfer) : transferRefusal(moved);
}
