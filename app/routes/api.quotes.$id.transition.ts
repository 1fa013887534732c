import type { ActionFunctionArgs } from "@remix-run/node";
import { QUOTE_STATUSES } from "~/models/order/document-status";
import { transitionSchema } from "~/models/order/order-schema";
import { convertQuote, getQuote, moveQuote } from "~/models/order/quote.server";
import { apiError, json, parseJson } from "~/web/api.server";
import { requireApiUser } from "~/web/auth.server";
import { documentNotFound, documentRefusal, knownStatus } from "~/web/order/order-api.server";
import { idParam } from "~/web/params";

export function loader() {
  return apiError(405, "Use POST to move a quote");
}

// POST /api/quotes/:id/transition with {"to": "sent"}; "converted" makes the order (201).
export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== "POST") return apiError(405, "Use POST to move a quote");
  const user = await requireApiUser(request, "POST /api/quotes/{id}/transition");
  const id = idParam(params.id);
  if (!id || !(await getQuote(id))) return documentNotFound("quote");
  const to = knownStatus(QUOTE_STATUSES, (await parseJson(request, transitionSchema)).to);
  if (to === "converted") {
    const converted = await convertQuote(id, user.id);
    return converted.ok ? json(converted.order, 201) : documentRefusal("quote", converted);
  }
  const moved = await moveQuote(id, to);
  return moved.ok ? json(moved.quote) : documentRefusal("quote", moved);
}
