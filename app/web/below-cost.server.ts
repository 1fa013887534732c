import { BELOW_COST_REASON, type BelowCostRefusal } from "~/models/price/below-cost";
import { belowCostReasonSchema } from "~/models/price/below-cost-schema";
import { apiError, englishText } from "./api.server";

/**
 * The reason a form sends to confirm prices below cost (below-cost.ts): none when the field is
 * empty or absent; a reason out of bounds is the field's error (i18n keys), and no reason.
 */
export function formBelowCostReason(form: FormData): { reason: string | null; errors: string[] } {
  const value = form.get(BELOW_COST_REASON);
  const parsed = belowCostReasonSchema.safeParse(typeof value === "string" ? value : null);
  if (parsed.success) return { reason: parsed.data, errors: [] };
  return { reason: null, errors: parsed.error.issues.map((issue) => issue.message) };
}

/**
 * The API's answer to the guard's refusal: 409 naming the first price below cost and the key that
 * confirms it (an admin's or manager's `belowCostReason`); 403 when the caller may not confirm.
 */
export function belowCostApiRefusal(refusal: BelowCostRefusal): Response {
  const [first] = refusal.findings;
  const what = first.discountPercent
    ? `a discount of ${Number(first.discountPercent)} % for ${first.label} sells products under their net cost`
    : `${first.label}${first.price !== null ? ` at €${first.price}` : ""}${
        first.margin !== null ? `, net margin ${first.margin.toFixed(1)} %` : ""
      }`;
  const more = refusal.findings.length > 1 ? ` and ${refusal.findings.length - 1} more` : "";
  if (refusal.reason === "belowCostForbidden")
    return apiError(403, englishText("prices:belowCost.forbidden"), {
      [BELOW_COST_REASON]: [englishText("prices:belowCost.forbidden")],
    });
  return apiError(
    409,
    `Below cost: ${what}${more}. An admin or a manager may confirm it by sending ${BELOW_COST_REASON}`,
    { [BELOW_COST_REASON]: [`Required for a price below cost (${what}${more})`] },
  );
}
