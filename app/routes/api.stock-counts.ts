import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { searchParamsObject } from "~/models/product/product-schema";
import { createStockCount, listStockCounts } from "~/models/stock-count/stock-count.server";
import { countQuerySchema, newCountSchema } from "~/models/stock-count/stock-count-schema";
import { apiError, englishText, json, parseJson, validationError } from "~/web/api.server";
import { requireApiUser } from "~/web/auth.server";

/** GET ?status=&limit=&offset=: a page of stock counts, newest first, and how many there are. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireApiUser(request, "GET /api/stock-counts");
  const query = countQuerySchema.safeParse(searchParamsObject(new URL(request.url).searchParams));
  if (!query.success) return validationError(query.error);
  return json(await listStockCounts(query.data));
}

// POST { scope, locationId?, categoryId?, shelf?, notCountedDays?, note? }: opens a count (at the
// location named, else the caller's work location).
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return apiError(405, "Use POST to start a stock count");
  const user = await requireApiUser(request, "POST /api/stock-counts");
  const input = await parseJson(request, newCountSchema);
  const created = await createStockCount(input, user.id);
  if (!created.ok) {
    const field = created.reason === "unknownLocation" ? "locationId" : "categoryId";
    const message = englishText(`stock-count:errors.${created.reason}`);
    return apiError(400, message, { [field]: [message] });
  }
  return json(created.count, 201);
}
