import type { LoaderFunctionArgs } from "@remix-run/node";
import { getDashboardStats } from "~/models/dashboard/dashboard.server";
import { countQueuedLabels } from "~/models/label/label-queue.server";
import { findActiveLocation } from "~/models/location/location.server";
import { searchParamsObject } from "~/models/product/product-schema";
import { locationQuerySchema } from "~/models/stock/reorder-schema";
import { apiError, englishText, json, validationError } from "~/web/api.server";
import { requireApiUser } from "~/web/auth.server";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireApiUser(request, "GET /api/dashboard/stats");
  // One location's stock figures (issue #32): `locationId`, an active location; none: all.
  const query = locationQuerySchema.safeParse(searchParamsObject(new URL(request.url).searchParams));
  if (!query.success) return validationError(query.error);
  const { locationId } = query.data;
  if (locationId && !(await findActiveLocation(locationId)))
    return apiError(400, englishText("stock:locationPoints.unknownLocation"));
  const [
    { totalProducts, avgMargin, lowStockCount, inventoryValue, inTransitValue, totalValue },
    labelsOutOfDate,
  ] = await Promise.all([getDashboardStats(locationId), countQueuedLabels()]);
  // The spec's four figures, the shelf labels out of date (issue #30), and what is in transit
  // between locations with the value of all the stock (issue #32).
  return json({
    totalProducts,
    avgMargin,
    lowStockCount,
    inventoryValue,
    labelsOutOfDate,
    inTransitValue,
    totalValue,
  });
}
