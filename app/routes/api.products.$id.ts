import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { confirmationOf } from "~/models/price/below-cost";
import { getProduct } from "~/models/product/product-reads.server";
import { productApiSchema } from "~/models/product/product-schema";
import { deleteProduct, updateProduct } from "~/models/product/product-writes.server";
import { stockByLocation } from "~/models/stock/stock-by-location.server";
import { apiError, englishText, json, parseJson } from "~/web/api.server";
import { requireApiUser } from "~/web/auth.server";
import { idParam } from "~/web/params";
import { productRefusal } from "~/web/product/product-api.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireApiUser(request, "GET /api/products/{id}");
  const id = idParam(params.id);
  const product = id ? await getProduct(id) : null;
  if (!product) return apiError(404, "Product not found");
  const places = await stockByLocation(product.id);
  return json({
    ...product,
    stockByLocation: places.map(({ locationId, name, quantity, lastCountedAt }) => ({
      locationId,
      name,
      quantity,
      lastCountedAt,
    })),
  });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const id = idParam(params.id);
  switch (request.method) {
    case "PUT": {
      const user = await requireApiUser(request, "PUT /api/products/{id}");
      if (!id) return apiError(404, "Product not found");
      const { belowCostReason, ...input } = await parseJson(request, productApiSchema);
      const confirmation = confirmationOf(belowCostReason, user);
      const result = await updateProduct(id, input, user.id, { source: "api" }, confirmation);
      return result.ok ? json(result.product) : productRefusal(result);
    }
    case "DELETE": {
      await requireApiUser(request, "DELETE /api/products/{id}");
      if (!id) return apiError(404, "Product not found");
      const result = await deleteProduct(id);
      if (result.ok) return json({ message: englishText("products:toast.deleted") });
      if (result.reason === "notFound") return apiError(404, "Product not found");
      return apiError(
        409,
        englishText(result.reason === "inUse" ? "products:errors.inUse" : "stock:errors.deleteHasMovements"),
      );
    }
    default:
      return apiError(405, "Use GET, PUT or DELETE");
  }
}
