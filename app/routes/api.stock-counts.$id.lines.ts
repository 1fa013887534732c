import type { ActionFunctionArgs } from "@remix-run/node";
import { lineMode } from "~/models/stock-count/stock-count";
import { countLine, getStockCount } from "~/models/stock-count/stock-count.server";
import { lineApiSchema } from "~/models/stock-count/stock-count-schema";
import { apiError, englishText, json, parseJson } from "~/web/api.server";
import { requireApiUser } from "~/web/auth.server";
import { idParam } from "~/web/params";
import { lineRefusal } from "~/web/stock-count/stock-count-api.server";

export function loader() {
  return apiError(405, "Use POST with code or productId, quantity (or serials) and mode");
}

/**
 * POST { code | productId, quantity?, mode?, version? }: counts a product. mode "add" adds the
 * quantity (default 1: a scan), "set" replaces the line's count; without a mode, a quantity sets
 * and none adds one. A code no product has is kept as a line of its own (productId null), to be
 * fixed before the commit. A serial-tracked product takes `serials` instead of a quantity: set
 * (the default) makes them the line's, add adds them; the answer lists the missing and the
 * unexpected ones. A `version` the count no longer has (committed or cancelled since it was
 * read) is 409.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== "POST") return apiError(405, "Use POST to count a product");
  const user = await requireApiUser(request, "POST /api/stock-counts/{id}/lines");
  const id = idParam(params.id);
  if (!id || !(await getStockCount(id))) return apiError(404, englishText("stock-count:errors.notFound"));
  const input = await parseJson(request, lineApiSchema);
  const result = await countLine(
    id,
    {
      code: input.code,
      productId: input.productId,
      quantity: input.quantity,
      mode: input.serials ? (input.mode ?? "set") : lineMode(input.quantity, input.mode),
      previous: input.previous,
      serials: input.serials,
    },
    user.id,
    input.version,
  );
  return result.ok ? json(result.line) : lineRefusal(result);
}
