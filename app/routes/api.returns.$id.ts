import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { refusingControlCharacters } from "~/models/clean-text";
import { changeReturn, getReturn } from "~/models/customer-return/customer-return.server";
import { returnChangeSchema } from "~/models/customer-return/customer-return-schema";
import { can } from "~/models/user/permissions";
import { apiError, json, validationError } from "~/web/api.server";
import { requireApiUser } from "~/web/auth.server";
import { returnNotFound, returnRefusal } from "~/web/customer-return/customer-return-api.server";
import { readJsonObject } from "~/web/order/order-api.server";
import { idParam } from "~/web/params";

// GET /api/returns/:id and PATCH (a draft's note and lines).
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireApiUser(request, "GET /api/returns/{id}");
  const id = idParam(params.id);
  const ret = id ? await getReturn(id) : null;
  return ret ? json(ret) : returnNotFound();
}

export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== "PATCH") return apiError(405, "Use GET or PATCH");
  const user = await requireApiUser(request, "PATCH /api/returns/{id}");
  const id = idParam(params.id);
  const current = id ? await getReturn(id) : null;
  if (!id || !current) return returnNotFound();
  const body = await readJsonObject(request);
  // Fields left out keep their value; lines left out keep the return's lines as they are.
  const parsed = refusingControlCharacters(returnChangeSchema).safeParse({
    note: current.note,
    lines: current.lines.map((line) => ({
      orderLineId: line.orderLineId,
      quantity: line.quantity,
      serials: line.units.map((unit) => unit.serial),
      reason: line.reason,
      outcome: line.outcome,
      replacementSerials: line.units.flatMap((unit) =>
        unit.replacementSerial ? [unit.replacementSerial] : [],
      ),
      refundAmount: line.refundAmount,
    })),
    ...body,
  });
  if (!parsed.success) return validationError(parsed.error);
  const result = await changeReturn(id, parsed.data, { mayChooseLocation: can(user.role, "return:write") });
  return result.ok ? json(result.ret) : returnRefusal(result);
}
