import type { SupplierDeleteResult, SupplierRefusal } from "~/models/supplier/supplier.server";
import { apiError, englishText } from "~/web/api.server";
import { supplierRefusalError } from "./supplier-form.server";

/** The English words of a refused delete: how many products still name the supplier. */
export function inUseText(productCount: number): string {
  if (productCount === 0) return englishText("suppliers:errors.inUseElsewhere");
  const key = productCount === 1 ? "suppliers:errors.inUse_one" : "suppliers:errors.inUse_other";
  return englishText(key).replace("{{count}}", String(productCount));
}

/** The API answer for a refused supplier write. */
export function supplierRefusal(reason: SupplierRefusal): Response {
  const { field, key, status } = supplierRefusalError(reason);
  const message = englishText(key);
  return field === "form" ? apiError(status, message) : apiError(status, message, { [field]: [message] });
}

/** The API answer for a refused delete. */
export function supplierDeleteRefusal(result: Extract<SupplierDeleteResult, { ok: false }>): Response {
  return result.reason === "notFound"
    ? apiError(404, englishText("suppliers:errors.notFound"))
    : apiError(409, inUseText(result.productCount));
}
