import type { ActionFunctionArgs } from "@remix-run/node";
import { removeCountLine } from "~/models/stock-count/stock-count.server";
import { apiError, englishText, json } from "~/web/api.server";
import { requireApiUser } from "~/web/auth.server";
import { idParam } from "~/web/params";

export function loader() {
  return apiError(405, "Use DELETE to remove the line from the count");
}

/**
 * DELETE: removes a line (a product's, or a code no product has) from an open count, as the
 * count's page does: how a scanner app clears an unknown code before the commit.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== "DELETE") return apiError(405, "Use DELETE");
  await requireApiUser(request, "DELETE /api/stock-counts/{id}/lines/{lineId}");
  const id = idParam(params.id);
  const lineId = idParam(params.lineId);
  if (!id) return apiError(404, englishText("stock-count:errors.notFound"));
  const result = lineId
    ? await removeCountLine(id, lineId)
    : ({ ok: false, reason: "lineNotFound" } as const);
  if (result.ok) return json({ message: englishText("stock-count:toast.removed") });
  switch (result.reason) {
    case "notFound":
      return apiError(404, englishText("stock-count:errors.notFound"));
    case "lineNotFound":
      return apiError(404, englishText("stock-count:toast.lineGone"));
    case "closed":
      return apiError(409, "This count is closed: it takes no more changes");
  }
}
