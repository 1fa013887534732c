import type { LoaderFunctionArgs } from "@remix-run/node";
import { getDashboardStats } from "~/models/dashboard/dashboard.server";
import { countQueuedLabels } from "~/models/label/label-queue.server";
import { json } from "~/web/api.server";
import { requireApiUser } from "~/web/auth.server";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireApiUser(request, "GET /api/dashboard/stats");
  const [
    { totalProducts, avgMargin, lowStockCount, inventoryValue, inTransitValue, totalValue },
    labelsOutOfDate,
  ] = await Promise.all([getDashboardStats(), countQueuedLabels()]);
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
