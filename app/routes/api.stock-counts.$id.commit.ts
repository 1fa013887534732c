import type { ActionFunctionArgs } from "@remix-run/node";
import { commitStockCount, getStockCount } from "~/models/stock-count/stock-count.server";
import { commitSchema } from "~/models/stock-count/stock-count-schema";
import { apiError, englishText, json, parseJson } from "~/web/api.server";
import { requireApiUser } from "~/web/auth.server";
import { idParam } from "~/web/params";
import { commitRefusal } from "~/web/stock-count/stock-count-api.server";

export function loader() {
  return apiError(405, "Use POST to commit the count");
}

/**
 * POST { zeroUncounted?, version? }: commits the count in one transaction, each difference a count
 * movement; 409 with every problem listed (unknown codes, lines sold below zero) and nothing
 * written, or when `version` names one the count no longer has.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== "POST") return apiError(405, "Use POST to commit the count");
  const user = await requireApiUser(request, "POST /api/stock-counts/{id}/commit");
  const id = idParam(params.id);
  if (!id || !(await getStockCount(id))) return apiError(404, englishText("stock-count:errors.notFound"));
  const { zeroUncounted, version } = await parseJson(request, commitSchema);
  const result = await commitStockCount(id, { zeroUncounted, version }, user.id);
  if (!result.ok) return commitRefusal(result);
  const { count, moved, counted, unitsMissing, unitsFound } = result;
  return json({ count, moved, counted, unitsMissing, unitsFound });
}
