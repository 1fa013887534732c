import type { ActionFunctionArgs } from "@remix-run/node";
import { setLocationReorderPoint } from "~/models/stock/location-point.server";
import { locationPointSchema } from "~/models/stock/reorder-schema";
import { apiError, englishText, json, parseJson } from "~/web/api.server";
import { requireApiUser } from "~/web/auth.server";
import { idParam } from "~/web/params";

export function loader() {
  return apiError(405, "Use PUT to set a product's reorder point in a location");
}

// PUT /api/products/:id/locations/:locationId with {"reorderPoint": n | null} (issue #32).
export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== "PUT")
    return apiError(405, "Use PUT to set a product's reorder point in a location");
  await requireApiUser(request, "PUT /api/products/{id}/locations/{locationId}");
  const input = await parseJson(request, locationPointSchema);
  const id = idParam(params.id);
  if (!id) return apiError(404, englishText("stock:locationPoints.notFound"));
  const locationId = idParam(params.locationId);
  if (!locationId) return apiError(400, englishText("stock:locationPoints.unknownLocation"));
  const result = await setLocationReorderPoint(id, locationId, input.reorderPoint);
  if (result.ok) return json(result.point);
  if (result.reason === "notFound") return apiError(404, englishText("stock:locationPoints.notFound"));
  return apiError(400, englishText("stock:locationPoints.unknownLocation"));
}
