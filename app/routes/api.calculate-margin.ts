import type { ActionFunctionArgs } from "@remix-run/node";
import { env } from "~/infra/env.server";
import { calculateMargin } from "~/models/margin";
import { marginInputSchema } from "~/models/margin-schema";
import { apiError, json, parseJson } from "~/web/api.server";
import { requireApiUser } from "~/web/auth.server";

export function loader() {
  return apiError(405, "Use POST with purchasePrice, sellingPrice and vatInclusive");
}

export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return apiError(405, "Use POST");
  await requireApiUser(request, "POST /api/calculate-margin");
  const input = await parseJson(request, marginInputSchema);
  return json(calculateMargin({ ...input, vatRate: env().VAT_RATE }));
}
