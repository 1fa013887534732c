import type { SubmissionResult } from "@conform-to/react";
import { data } from "@remix-run/node";
import { createCustomer, customerEmailInUse, updateCustomer } from "~/models/customer/customer.server";
import { customerSchema } from "~/models/customer/customer-schema";
import {
  type BelowCostAnswer,
  belowCostAnswer,
  confirmationOf,
  isBelowCostRefusal,
} from "~/models/price/below-cost";
import type { Role } from "~/models/user/roles";
import { parseForm, readForm, refusedReply } from "~/web/form.server";
import { redirectWithToast } from "~/web/toast.server";

export type CustomerActionData = {
  result: SubmissionResult<string[]>;
  /** the discount's prices below cost, when the guard refused the save (below-cost.ts) */
  belowCost?: { answer: BelowCostAnswer; products: number; discount: string } | null;
};

/**
 * The add and edit customer forms' action: a duplicate email shows on the email field; a discount
 * that sells products under their net cost is saved only with the reason the form then asks for.
 */
export async function saveCustomerForm(
  request: Request,
  id: number | null,
  user: { id: number; role: Role },
) {
  const form = await readForm(request);
  const submission = parseForm(form, customerSchema);
  const refused = await refusedReply(submission, form, [
    {
      field: "email",
      inUse: (email) => customerEmailInUse(email, id ?? 0),
      message: "customers:errors.emailTaken",
    },
  ]);
  if (refused || submission.status !== "success") {
    return data<CustomerActionData>({ result: refused ?? submission.reply() }, 400);
  }
  const confirmation = confirmationOf(submission.value.belowCostReason, user);
  const result =
    id === null
      ? await createCustomer(submission.value, confirmation)
      : await updateCustomer(id, submission.value, confirmation);
  if (!result.ok && isBelowCostRefusal(result)) {
    return data<CustomerActionData>(
      {
        result: submission.reply(),
        belowCost: {
          answer: belowCostAnswer(result),
          products: result.products,
          discount: submission.value.discountPercentage,
        },
      },
      409,
    );
  }
  if (!result.ok) {
    const reply =
      result.reason === "emailTaken"
        ? submission.reply({ fieldErrors: { email: ["customers:errors.emailTaken"] } })
        : submission.reply({
            formErrors: [result.reason === "stale" ? "toast.staleEdit" : "customers:errors.notFound"],
          });
    return data<CustomerActionData>({ result: reply }, result.reason === "notFound" ? 404 : 409);
  }
  return redirectWithToast("/customers", {
    type: "success",
    title: "toast.success",
    description: id === null ? "customers:toast.created" : "customers:toast.updated",
  });
}
