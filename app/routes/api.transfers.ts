import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { refusingControlCharacters } from "~/models/clean-text";
import { createTransfer, inTransitTotals, listTransfers } from "~/models/transfer/transfer.server";
import { type TransferCreateInput, transferCreateSchema } from "~/models/transfer/transfer-schema";
import { apiError, json, validationError } from "~/web/api.server";
import { requireApiUser } from "~/web/auth.server";
import { readJsonObject } from "~/web/order/order-api.server";
import { transferFilters, transferRefusal } from "~/web/transfer/transfer-api.server";

// GET /api/transfers (filters, paging, and what is in transit) and POST /api/transfers (a draft).
export async function loader({ request }: LoaderFunctionArgs) {
  await requireApiUser(request, "GET /api/transfers");
  const [{ rows, total }, inTransit] = await Promise.all([
    listTransfers(transferFilters(request)),
    inTransitTotals(),
  ]);
  return json({ transfers: rows, total, inTransit });
}

export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return apiError(405, "Use POST to create a transfer");
  const user = await requireApiUser(request, "POST /api/transfers");
  const parsed = refusingControlCharacters(transferCreateSchema).safeParse(await readJsonObject(request));
  if (!parsed.success) return validationError(parsed.error);
  const result = await createTransfer(parsed.data as TransferCreateInput, user.id);
  return result.ok ? json(result.transfer, 201) : transferRefusal(result);
}
