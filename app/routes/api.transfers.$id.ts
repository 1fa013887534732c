import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { refusingControlCharacters } from "~/models/clean-text";
import { changeTransfer, deleteTransfer, getTransfer } from "~/models/transfer/transfer.server";
import {
  type TransferChangeInput,
  transferChangeSchema,
  transferDeleteSchema,
} from "~/models/transfer/transfer-schema";
import { json, parseJson, validationError } from "~/web/api.server";
import { requireApiUser } from "~/web/auth.server";
import { readJsonObject } from "~/web/order/order-api.server";
import { idParam } from "~/web/params";
import { transferNotFound, transferRefusal } from "~/web/transfer/transfer-api.server";

// GET /api/transfers/:id, PATCH (a draft's locations, note and lines), DELETE (a draft).
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireApiUser(request, "GET /api/transfers/{id}");
  const id = idParam(params.id);
  const transfer = id ? await getTransfer(id) : null;
  return transfer ? json(transfer) : transferNotFound();
}

export async function action({ request, params }: ActionFunctionArgs) {
  switch (request.method) {
    case "PATCH": {
      await requireApiUser(request, "PATCH /api/transfers/{id}");
      const id = idParam(params.id);
      const current = id ? await getTransfer(id) : null;
      if (!id || !current) return transferNotFound();
      const body = await readJsonObject(request);
      // What is left out keeps its value: the locations, the note, the lines.
      const parsed = refusingControlCharacters(transferChangeSchema).safeParse({
        fromLocationId: current.from.id,
        toLocationId: current.to.id,
        note: current.note,
        lines: current.lines.map((line) => ({
          productId: line.productId,
          quantity: line.quantity,
          serials: line.serials.map((unit) => unit.serial),
        })),
        ...body,
      });
      if (!parsed.success) return validationError(parsed.error);
      const result = await changeTransfer(id, parsed.data as TransferChangeInput);
      return result.ok ? json(result.transfer) : transferRefusal(result);
    }
    case "DELETE": {
      await requireApiUser(request, "DELETE /api/transfers/{id}");
      const id = idParam(params.id);
      if (!id || !(await getTransfer(id))) return transferNotFound();
      const { version } = await parseJson(request, transferDeleteSchema, { optional: true });
      const result = await deleteTransfer(id, version);
      return result.ok ? json({ id, number: result.number }) : transferRefusal(result);
    }
    default:
      return json({ message: "Use GET, PATCH or DELETE" }, 405, { Allow: "GET, HEAD, PATCH, DELETE" });
  }
}
