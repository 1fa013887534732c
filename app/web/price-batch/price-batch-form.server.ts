import type { SubmissionResult } from "@conform-to/react";
import { data } from "@remix-run/node";
import {
  applyPriceBatch,
  type BatchWriteResult,
  MAX_BATCH_PRODUCTS,
  previewPriceBatch,
  undoPriceBatch,
} from "~/models/price-batch/price-batch.server";
import { batchIntentSchema, previewRequestOf, repriceSchema } from "~/models/price-batch/price-batch-schema";
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

/** Apply or undo on a batch's page: back to the page (the undo: to the new batch) with a toast. */
export async function batchForm(form: FormData, batchId: number, userId: number) {
  const parsed = batchIntentSchema.safeParse(Object.fromEntries(form));
  if (!parsed.success) throw data({ message: "Unknown intent" }, { status: 400 });
  const intent = parsed.data.intent;
  const result: BatchWriteResult =
    intent === "apply" ? await applyPriceBatch(batchId, userId) : await undoPriceBatch(batchId, userId);
  if (result.ok) {
    return redirectWithToast(`/products/reprice/${result.id}`, {
      type: "success",
      title: "toast.success",
      description: intent === "apply" ? "repricing:toast.applied" : "repricing:toast.undone",
      values: { count: result.count },
    });
  }
  if (result.reason === "notFound") throw data({ message: "Not found" }, { status: 404 });
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
