import type { SubmissionResult } from "@conform-to/react";
import { data } from "@remix-run/node";
import {
  BELOW_COST_REASON,
  type BelowCostAnswer,
  belowCostAnswer,
  confirmationOf,
  isBelowCostRefusal,
} from "~/models/price/below-cost";
import { FORM } from "~/models/price/price-history.server";
import { productSchema } from "~/models/product/product-schema";
import {
  createProduct,
  type ProductWriteResult,
  skuInUse,
  updateProduct,
} from "~/models/product/product-writes.server";
import type { Role } from "~/models/user/roles";
import { formBelowCostReason } from "~/web/below-cost.server";
import { parseForm, readForm, refusedReply, type StoredCheck } from "~/web/form.server";
import type { Toast } from "~/web/toast";
import { redirectWithToast } from "~/web/toast.server";

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

/** A refusal the form shows on a field or the whole form (the below-cost guard's has a box of its own). */
type Refusal = Exclude<
  Extract<ProductWriteResult, { ok: false }>["reason"],
  "belowCost" | "belowCostForbidden"
>;

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
    case "unknownSupplier":
    case "supplierMismatch":
      return {
        result: reply({ fieldErrors: { supplier: [`products:errors.${reason}`] } }),
        status: 400,
        toast: checkFieldsToast,
      };
    case "stockReasonAdds":
    case "stockReasonTakes":
      return {
        result: reply({ fieldErrors: { stockReason: [`stock:errors.${reason}`] } }),
        status: 400,
        toast: checkFieldsToast,
      };
    case "stockShort":
      return {
        result: reply({ fieldErrors: { stockLevel: ["stock:errors.stockShort"] } }),
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

export type ProductActionData = {
  result: SubmissionResult<string[]>;
  toast?: Toast;
  /** The below-cost guard refused the prices: the form asks for a reason (BelowCostConfirm). */
  belowCost?: { answer: BelowCostAnswer; reason: string | null; errors: string[] };
};

/**
 * The add and edit product forms' action: every field's error at once (the SKU in use too), one
 * write through the product's write path, back to the list (its filters kept) with a toast. A
 * price below cost comes back with the form as typed and asks an admin or a manager for a
 * reason (sent again with the form as `belowCostReason`).
 */
export async function saveProductForm(request: Request, user: { id: number; role: Role }, id: number | null) {
  const form = await readForm(request);
  const submission = parseForm(form, productSchema);
  const refused = await refusedReply(submission, form, productStoredChecks(id ?? undefined));
  if (refused || submission.status !== "success") {
    return data<ProductActionData>({ result: refused ?? submission.reply(), toast: checkFieldsToast }, 400);
  }
  const reason = formBelowCostReason(form);
  const confirmation = confirmationOf(reason.reason, user);
  const result =
    id === null
      ? await createProduct(submission.value, user.id, FORM, confirmation)
      : await updateProduct(id, submission.value, user.id, FORM, confirmation);
  if (!result.ok && isBelowCostRefusal(result)) {
    const typed = form.get(BELOW_COST_REASON);
    return data<ProductActionData>(
      {
        result: submission.reply(),
        toast: { type: "error", title: "toast.error", description: "prices:belowCost.title" },
        belowCost: {
          answer: belowCostAnswer(result),
          reason: typeof typed === "string" ? typed : null,
          errors: reason.errors,
        },
      },
      result.reason === "belowCostForbidden" ? 403 : 409,
    );
  }
  if (!result.ok) {
    const refusal = refusalReply(submission.reply, result.reason);
    return data<ProductActionData>({ result: refusal.result, toast: refusal.toast }, refusal.status);
  }
  return redirectWithToast(`/products${new URL(request.url).search}`, {
    type: "success",
    title: "toast.success",
    description: id === null ? "products:toast.created" : "products:toast.updated",
  });
}
