import type { LoaderFunctionArgs } from "@remix-run/node";
import { searchParamsObject } from "~/models/product/product-schema";
import {
  countProblems,
  countSummary,
  getStockCount,
  listCountLines,
} from "~/models/stock-count/stock-count.server";
import { countLinesQuerySchema } from "~/models/stock-count/stock-count-schema";
import { apiError, englishText, json, validationError } from "~/web/api.server";
import { requireApiUser } from "~/web/auth.server";
import { idParam } from "~/web/params";

/** GET: the count, its totals, every problem, and a page of its lines. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireApiUser(request, "GET /api/stock-counts/{id}");
  const query = countLinesQuerySchema.safeParse(searchParamsObject(new URL(request.url).searchParams));
  if (!query.success) return validationError(query.error);
  const id = idParam(params.id);
  const count = id ? await getStockCount(id) : null;
  if (!count) return apiError(404, englishText("stock-count:errors.notFound"));
  const [summary, lines] = await Promise.all([countSummary(count), listCountLines(count, query.data)]);
  const problems = await countProblems(count, undefined, summary.notCounted);
  return json({ ...count, summary, problems, countLines: lines.lines, countLinesTotal: lines.total });
}

export function action() {
  return apiError(405, "A count is changed through /lines and /commit");
}
