import { isBelowCostRefusal } from "~/models/price/below-cost";
import type { ProductWriteResult } from "~/models/product/product-writes.server";
import { apiError, englishText } from "~/web/api.server";
import { belowCostApiRefusal } from "~/web/below-cost.server";

type Refusal = Extract<ProductWriteResult, { ok: false }>;

/** The API answer for a refused product write (a price below cost: 409, or 403 for a reason not the caller's to give). */
export function productRefusal(refusal: Refusal): Response {
  if (isBelowCostRefusal(refusal)) return belowCostApiRefusal(refusal);
  const reason = refusal.reason;
  switch (reason) {
    case "notFound":
      return apiError(404, "Product not found");
    case "skuTaken":
      return apiError(409, englishText("products:errors.skuTaken"), {
        sku: [englishText("products:errors.skuTaken")],
      });
    case "unknownCategory":
      return apiError(400, englishText("products:errors.unknownCategory"), {
        categoryId: [englishText("products:errors.unknownCategory")],
      });
    case "unknownSupplier":
    case "supplierMismatch":
      return apiError(400, englishText(`products:errors.${reason}`), {
        supplierId: [englishText(`products:errors.${reason}`)],
      });
    case "stockReasonAdds":
    case "stockReasonTakes":
      return apiError(400, englishText(`stock:errors.${reason}`), {
        stockReason: [englishText(`stock:errors.${reason}`)],
      });
    case "stockShort":
      return apiError(409, englishText("stock:errors.stockShort"), {
        stockLevel: [englishText("stock:errors.stockShort")],
      });
    case "stale":
      return apiError(409, englishText("toast.staleEdit"));
  }
}
