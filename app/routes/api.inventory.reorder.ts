import type { LoaderFunctionArgs } from "@remix-run/node";
import { findActiveLocation } from "~/models/location/location.server";
import { searchParamsObject } from "~/models/product/product-schema";
import { listReorder } from "~/models/stock/reorder.server";
import { reorderQuerySchema } from "~/models/stock/reorder-schema";
import { apiError, englishText, json, validationError } from "~/web/api.server";
import { requireApiUser } from "~/web/auth.server";

/**
 * The "To reorder" list as the inventory tab shows it: active products at or under their reorder
 * point, grouped by supplier (by name), a page of lines (limit 1-1000, default 100; offset), with
 * the whole list's totals. `supplierId` keeps one supplier's lines; `locationId` one location's
 * (issue #32: its stock at or under its own point there, with a transfer suggested first).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireApiUser(request, "GET /api/inventory/reorder");
  const query = reorderQuerySchema.safeParse(searchParamsObject(new URL(request.url).searchParams));
  if (!query.success) return validationError(query.error);
  if (query.data.locationId && !(await findActiveLocation(query.data.locationId)))
    return apiError(400, englishText("stock:locationPoints.unknownLocation"));
  return json(await listReorder(query.data));
}
