import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { refusingControlCharacters } from "~/models/clean-text";
import { changeQuote, getQuote } from "~/models/order/order.server";
import {
  documentNotFound,
  documentRefusal,
  linesAsInput,
  readJsonObject,
} from "~/models/order/order-api.server";
import { quoteSchema } from "~/models/order/order-schema";
import { apiError, json, validationError } from "~/utils/api.server";
import { requireApiUser } from "~/utils/auth.server";
import { idParam } from "~/utils/params";

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireApiUser(request);
  const id = idParam(params.id);
  const quote = id ? await getQuote(id) : null;
  return quote ? json(quote) : documentNotFound("quote");
}

export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== "PATCH") return apiError(405, "Use GET or PATCH");
  await requireApiUser(request, { permission: "order:write" });
  const id = idParam(params.id);
  const current = id ? await getQuote(id) : null;
  if (!id || !current) return documentNotFound("quote");
  const body = await readJsonObject(request);
  // Fields left out keep their value; lines left out keep their products, quantities and prices.
  const parsed = refusingControlCharacters(quoteSchema).safeParse({
    customerId: current.customer?.id ?? null,
    validUntil: current.validUntil,
    notes: current.notes,
    lines: linesAsInput(current.lines),
    ...body,
  });
  if (!parsed.success) return validationError(parsed.error);
  const result = await changeQuote(id, parsed.data);
  return result.ok ? json(result.quote) : documentRefusal("quote", result);
}
