import type { SubmissionResult } from "@conform-to/react";
import { data } from "@remix-run/node";
import {
  BELOW_COST_REASON,
  type BelowCostAnswer,
  belowCostAnswer,
  confirmationOf,
  isBelowCostRefusal,
} from "~/models/price/below-cost";
import {
  applyPriceBatch,
  type BatchWriteResult,
  MAX_BATCH_PRODUCTS,
  previewPriceBatch,
  undoPriceBatch,
} from "~/models/price-batch/price-batch.server";
import { batchIntentSchema, previewRequestOf, repriceSchema } from "~/models/price-batch/price-batch-schema";
import type { Role } from "~/models/user/roles";
import { formBelowCostReason } from "~/web/below-cost.server";
import { parseForm } from "~/web/form.server";
import { getScanned } from "~/web/scanner.server";
import type { Toast } from "~/web/toast";
import { redirectWithToast } from "~/web/toast.server";

/**
 * The bulk repricing pages' forms, plain POST forms answered with a redirect and a toast (or,
 * refused, the page again with its messages), so all of it works without JavaScript: the new
 * batch form stores a preview and goes to its page; the batch page applies or undoes it.
 */

export type RepriceActionData = {
  result: SubmissionResult<string[]>;
  toast?: Toast;
  /** The first product a refused value or rounding fails for. */
  product?: string;
};

const checkFields: Toast = {
  type: "error",
  title: "toast.validationError",
  description: "toast.checkFields",
};

/** The new batch form on /products/reprice: a stored preview, shown on its own page. */
export async function previewForm(request: Request, form: FormData, userId: number) {
  const submission = parseForm(form, repriceSchema);
  if (submission.status !== "success") {
    return data<RepriceActionData>({ result: submission.reply(), toast: checkFields }, 400);
  }
  const scanned =
    submission.value.scope === "scanned" ? (await getScanned(request)).map((item) => item.productId) : [];
  const previewed = await previewPriceBatch(previewRequestOf(submission.value, scanned), userId);
  if (previewed.ok) {
    return redirectWithToast(`/products/reprice/${previewed.id}`, {
      type: "info",
      title: "toast.info",
      description: "repricing:toast.previewed",
    });
  }
  if (previewed.reason === "refused") {
    const problem = previewed.problem === "zeroOrLess" ? "ZeroOrLess" : "TooLarge";
    return data<RepriceActionData>(
      {
        result: submission.reply({
          fieldErrors: { [previewed.field]: [`repricing:errors.${previewed.field}${problem}`] },
        }),
        toast: checkFields,
        product: previewed.product,
      },
      400,
    );
  }
  return data<RepriceActionData>(
    {
      result: submission.reply({ formErrors: [`repricing:errors.${previewed.reason}`] }),
      toast: {
        type: "error",
        title: "toast.error",
        description: `repricing:errors.${previewed.reason}`,
        values: { max: MAX_BATCH_PRODUCTS },
      },
    },
    400,
  );
}

/** The products a refusal names, as one text: the first few, and how many more ("A, B (+3)"). */
function named(result: { products: string[]; count: number }): string {
  const shown = result.products.slice(0, 5);
  const more = result.count - shown.length;
  return more > 0 ? `${shown.join(", ")} (+${more})` : shown.join(", ");
}

/**
 * A batch page's answer about prices below cost: the reason as typed and its errors, and for an
 * undo the guard's refusal (the apply form offers the reason up front, from the batch's lines).
 */
export type BatchActionData = {
  intent: "apply" | "undo";
  belowCost: { answer: BelowCostAnswer | null; reason: string | null; errors: string[] };
};

/**
 * Apply or undo on a batch's page: back to the page (the undo: to the new batch) with a toast. An
 * admin's or a manager's reason (`belowCostReason`) applies the lines below cost too, or lets an
 * undo restore prices below cost; a reason out of bounds, or an undo refused by the guard, shows
 * the page again with the reason asked.
 */
export async function batchForm(form: FormData, batchId: number, user: { id: number; role: Role }) {
  const parsed = batchIntentSchema.safeParse(Object.fromEntries(form));
  if (!parsed.success) throw data({ message: "Unknown intent" }, { status: 400 });
  const intent = parsed.data.intent;
  const typed = form.get(BELOW_COST_REASON);
  const reason = formBelowCostReason(form);
  const asked = (answer: BelowCostAnswer | null, status: number) =>
    data<BatchActionData>(
      {
        intent,
        belowCost: { answer, reason: typeof typed === "string" ? typed : null, errors: reason.errors },
      },
      status,
    );
  if (reason.errors.length > 0) return asked(null, 400);
  const confirmation = confirmationOf(reason.reason, user);
  const result: BatchWriteResult =
    intent === "apply"
      ? await applyPriceBatch(batchId, user.id, confirmation)
      : await undoPriceBatch(batchId, user.id, confirmation);
  if (result.ok) {
    return redirectWithToast(`/products/reprice/${result.id}`, {
      type: "success",
      title: "toast.success",
      description: intent === "apply" ? "repricing:toast.applied" : "repricing:toast.undone",
      values: { count: result.count },
    });
  }
  if (result.reason === "notFound") throw data({ message: "Not found" }, { status: 404 });
  if (isBelowCostRefusal(result))
    return asked(belowCostAnswer(result), result.reason === "belowCostForbidden" ? 403 : 409);
  if (result.reason === "stale") {
    return redirectWithToast(`/products/reprice/${batchId}`, {
      type: "error",
      title: "toast.error",
      description: intent === "apply" ? "repricing:toast.stale" : "repricing:toast.undoStale",
      values: { products: named(result) },
    });
  }
  return redirectWithToast(`/products/reprice/${batchId}`, {
    type: "error",
    title: "toast.error",
    description: `repricing:toast.${result.reason}`,
  });
}
