import type { SubmissionResult } from "@conform-to/react";
import { type ProductWriteResult, skuInUse } from "~/models/product.server";
import type { StoredCheck } from "./form.server";
import type { Toast } from "./toast";

/** The product form's checks only the database can make (see refusedReply). */
export const productStoredChecks = (exceptId?: number): StoredCheck[] => [
  { field: "sku", inUse: (sku) => skuInUse(sku, exceptId), message: "products:errors.skuTaken" },
];

/** The toast of a form refused on its fields: it points at them, it does not repeat them. */
export const checkFieldsToast: Toast = {
  type: "error",
  title: "toast.validationError",
  description: "toast.checkFields",
};

type Refusal = Extract<ProductWriteResult, { ok: false }>["reason"];

/** How a refused product write shows on the page form: on its field, or for the whole form. */
export function refusalReply(
  reply: (options: {
    formErrors?: string[];
    fieldErrors?: Record<string, string[]>;
  }) => SubmissionResult<string[]>,
  reason: Refusal,
): { result: SubmissionResult<string[]>; status: number; toast: Toast } {
  const toast = (description: string): Toast => ({ type: "error", title: "toast.error", description });
  switch (reason) {
    case "skuTaken":
      return {
        result: reply({ fieldErrors: { sku: ["products:errors.skuTaken"] } }),
        status: 409,
        toast: checkFieldsToast,
      };
    case "unknownCategory":
      return {
        result: reply({ fieldErrors: { categoryId: ["products:errors.unknownCategory"] } }),
        status: 400,
        toast: checkFieldsToast,
      };
    case "stale":
      return {
        result: reply({ formErrors: ["toast.staleEdit"] }),
        status: 409,
        toast: toast("toast.staleEdit"),
      };
    case "notFound":
      return {
        result: reply({ formErrors: ["products:errors.notFound"] }),
        status: 404,
        toast: toast("products:errors.notFound"),
      };
  }
}
