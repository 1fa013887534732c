import type { LoaderFunctionArgs } from "@remix-run/node";
import { findActiveLocation } from "~/models/location/location.server";
import { getProducts, listProducts } from "~/models/product/product-reads.server";
import { searchParamsObject } from "~/models/product/product-schema";
import { lowStockAtLocation } from "~/models/stock/location-stock.server";
import { locationQuerySchema } from "~/models/stock/reorder-schema";
import { apiError, englishText, json, validationError } from "~/web/api.server";
import { requireApiUser } from "~/web/auth.server";

// Products with 10 or fewer in stock, fewest first (spec: an array, up to 1000). With locationId
// (issue #32): those a location holds 10 or fewer of, fewest there first, each with `locationStock`.
export async function loader({ request }: LoaderFunctionArgs) {
  await requireApiUser(request, "GET /api/inventory/low-stock");
  const query = locationQuerySchema.safeParse(searchParamsObject(new URL(request.url).searchParams));
  if (!query.success) return validationError(query.error);
  const { locationId } = query.data;
  if (locationId) {
    if (!(await findActiveLocation(locationId)))
      return apiError(400, englishText("stock:locationPoints.unknownLocation"));
    const found = await lowStockAtLocation(locationId, 1000);
    const byId = new Map((await getProducts(found.map((row) => row.productId))).map((p) => [p.id, p]));
    return json(
      found.flatMap((row) => {
        const product = byId.get(row.productId);
        return product ? [{ ...product, locationStock: row.quantity }] : [];
      }),
    );
  }
  const { products } = await listProducts({
    lowStock: true,
    sort: "stock",
    direction: "asc",
    limit: 1000,
    offset: 0,
  });
  return json(products);
}
