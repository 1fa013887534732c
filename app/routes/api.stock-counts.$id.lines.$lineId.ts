import type { ActionFunctionArgs } from "@remix-run/node";
import { removeCountLine } from "~/models/stock-count/stock-count.server";
import { countVersionSchema } from "~/models/stock-count/stock-count-schema";
import { apiError, englishText, json, parseJson } from "~/web/api.server";
import { requireApiUser } from "~/web/auth.server";
import { idParam } from "~/web/params";
import { removeLineRefusal } from "~/web/stock-count/stock-count-api.server";

export function loader() {
  return apiError(405, "Use DELETE to remove the line from the count");
}

/**
 * DELETE, optionally with { version }: removes a line (a product's, or a code no product has) from
 * an open count, as the count's page does: how a scanner app clears an unknown code before the
 * commit. A `version` the count no longer has (committed or cancelled since it was read) is 409.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== "DELETE") return apiError(405, "Use DELETE");
  await requireApiUser(request, "DELETE /api/stock-counts/{id}/lines/{lineId}");
  const id = idParam(params.id);
  const lineId = idParam(params.lineId);
  if (!id) return apiError(404, englishText("stock-count:errors.notFound"));
  // The body is optional: a scanner that names no version is not checked.
  const { version } = await parseJson(request, countVersionSchema, { optional: true });
  const result = lineId
    ? await removeCountLine(id, lineId, version)
    : ({ ok: false, reason: "lineNotFound" } as const);
  return result.ok ? json({ message: englishText("stock-count:toast.removed") }) : removeLineRefusal(result);
}
