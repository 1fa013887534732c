import type { LoaderFunctionArgs } from "@remix-run/node";
import { getDashboardStats } from "~/models/dashboard/dashboard.server";
import { json } from "~/web/api.server";
import { requireApiUser } from "~/web/auth.server";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireApiUser(request, "GET /api/dashboard/stats");
  const { totalProducts, avgMargin, lowStockCount, inventoryValue } = await getDashboardStats();
  return json({ totalProducts, avgMargin, lowStockCount, inventoryValue });
}
