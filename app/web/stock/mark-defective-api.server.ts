import type { MarkStockResult, MarkUnitResult } from "~/models/stock/mark-defective.server";
import { apiError, englishText } from "~/web/api.server";

/** Marking stock defective through the API: each refusal as an HTTP status and an English message. */

type Refused<R> = Exclude<R, { ok: true }>;

const spoken = (state: string) => state.replaceAll("_", " ");

function short(product: { name: string; sku: string; stockLevel: number; wanted: number; location: string }) {
  return apiError(
    409,
    `${product.name} (${product.sku}) has ${product.stockLevel} in ${product.location}: ${product.wanted} cannot be marked defective`,
  );
}

export function markUnitRefusal(refusal: Refused<MarkUnitResult>): Response {
  switch (refusal.reason) {
    case "notFound":
      return apiError(404, englishText("serials:errors.notFound"));
    case "stale":
      return apiError(409, "The unit has changed since you read it: read it again");
    case "notInStock":
      return apiError(
        409,
        `The unit ${refusal.serial} is ${spoken(refusal.state)}: only a unit in stock is marked defective`,
      );
    case "short":
      return short(refusal.product);
  }
}

export function markStockRefusal(refusal: Refused<MarkStockResult>): Response {
  switch (refusal.reason) {
    case "notFound":
      return apiError(404, "Product not found");
    case "tracked":
      return apiError(
        409,
        "The product is serial-tracked: mark its units defective one by one (POST /api/serials/{id}/defective)",
      );
    case "short":
      return short(refusal.product);
    case "inactiveLocation":
      return apiError(400, englishText("stock:errors.locationInactive"));
  }
}
