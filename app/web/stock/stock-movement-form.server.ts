import type { SubmissionResult } from "@conform-to/react";
import { data } from "@remix-run/node";
import { recordStockMovement } from "~/models/stock/stock-movement.server";
import { stockMovementSchema } from "~/models/stock/stock-movement-schema";
import { parseForm } from "~/web/form.server";
import type { Toast } from "~/web/toast";
import { redirectWithToast } from "~/web/toast.server";

export type MovementActionData = {
  intent: "stock-movement";
  result: SubmissionResult<string[]>;
  toast?: Toast;
};

const checkFields: Toast = {
  type: "error",
  title: "toast.validationError",
  description: "toast.checkFields",
};

/**
 * The product page's "record a stock movement" form: every field's error at once, one movement
 * through the product's write path, back to the page's first ledger page with a toast naming the
 * new level. Stock that would go below zero (or above what a product may hold) is refused on the
 * quantity, with a toast naming the product and its stock.
 */
export async function recordMovementForm(form: FormData, productId: number, userId: number) {
  const submission = parseForm(form, stockMovementSchema);
  if (submission.status !== "success") {
    return data<MovementActionData>(
      { intent: "stock-movement", result: submission.reply(), toast: checkFields },
      400,
    );
  }
  const result = await recordStockMovement(productId, submission.value, userId);
  if (result.ok) {
    const { quantity, stockAfter } = result.movement;
    return redirectWithToast(`/products/${productId}`, {
      type: "success",
      title: "toast.success",
      description: "stock:toast.recorded",
      values: { quantity: quantity > 0 ? `+${quantity}` : String(quantity), stock: stockAfter },
    });
  }
  if (result.reason === "notFound") {
    return data<MovementActionData>(
      {
        intent: "stock-movement",
        result: submission.reply({ formErrors: ["stock:errors.notFound"] }),
        toast: { type: "error", title: "toast.error", description: "stock:errors.notFound" },
      },
      404,
    );
  }
  if (result.reason === "inactiveLocation") {
    return data<MovementActionData>(
      {
        intent: "stock-movement",
        result: submission.reply({ fieldErrors: { locationId: ["stock:errors.locationInactive"] } }),
        toast: { type: "error", title: "toast.error", description: "stock:errors.locationInactive" },
      },
      400,
    );
  }
  const product = `${result.product.name} (${result.product.sku})`;
  const toast: Toast =
    result.reason === "short"
      ? {
          type: "error",
          title: "toast.error",
          description: "stock:errors.shortAt",
          values: {
            product,
            location: result.product.location.name,
            stock: result.product.stockLevel,
            wanted: result.product.wanted,
          },
        }
      : {
          type: "error",
          title: "toast.error",
          description: "stock:errors.tooMuch",
          values: { product, stock: result.product.stockLevel, atMost: result.product.atMost },
        };
  const field = result.reason === "short" ? "stock:errors.notEnough" : "stock:errors.tooMuchField";
  return data<MovementActionData>(
    { intent: "stock-movement", result: submission.reply({ fieldErrors: { quantity: [field] } }), toast },
    409,
  );
}
