import { z } from "zod/v4";
import { optionalMoney } from "~/models/amount-schema";
import { toCents } from "~/models/money";
import { PRODUCT_STATUSES } from "~/models/product/product-status";
import { optionalRecordId, optionalText, typeMessages } from "~/models/zod-messages";
import { REPRICE_SCOPES } from "./price-batch";
import { REPRICE_RULES, ROUNDINGS, ruleValueProblem } from "./reprice";

/**
 * A bulk repricing's form: which products (the /products filters, a campaign, the scanned list),
 * the rule and its value, the rounding ladder. Messages are i18n keys; a value out of its range is
 * refused on its field, naming it.
 */

const id = optionalRecordId;

/** A signed number with at most two decimals, a decimal comma allowed: in hundredths. */
const signedHundredths = z
  .union([z.string(), z.number()], typeMessages({ invalid: "repricing:errors.value" }))
  .nullish()
  .transform((value, ctx) => {
    const text = String(value ?? "")
      .trim()
      .replace(/^[−–]/, "-")
      .replace(/^\+/, "")
      .replace(/[\s\u00a0]/g, "");
    if (text === "") {
      ctx.addIssue({ code: "custom", message: "repricing:errors.valueRequired" });
      return z.NEVER;
    }
    if (!/^-?\d{1,9}(?:[.,]\d{1,2})?$/.test(text)) {
      ctx.addIssue({ code: "custom", message: "repricing:errors.value" });
      return z.NEVER;
    }
    const negative = text.startsWith("-");
    return (negative ? -1 : 1) * toCents(text.replace(/^-/, "").replace(",", "."));
  });

const rounding = (message: string) => z.enum(ROUNDINGS, { error: message });

export const repriceSchema = z
  .object({
    scope: z.enum(REPRICE_SCOPES, { error: "repricing:errors.scope" }),
    search: optionalText(200),
    categoryId: id("repricing:errors.category"),
    brand: optionalText(100),
    supplierId: id("repricing:errors.supplier"),
    status: z
      .union([z.enum(PRODUCT_STATUSES), z.literal("")], { error: "products:errors.status" })
      .nullish()
      .transform((value) => value || null),
    campaignId: id("repricing:errors.campaign"),
    rule: z.enum(REPRICE_RULES, { error: "repricing:errors.rule" }),
    value: signedHundredths,
    rounding: rounding("repricing:errors.rounding").default("none"),
    bandFrom: optionalMoney(null, { aboveZero: true }),
    bandRounding: z
      .union([z.enum(ROUNDINGS), z.literal("")], { error: "repricing:errors.rounding" })
      .nullish()
      .transform((value) => value || null),
  })
  .superRefine((input, ctx) => {
    if (input.scope === "campaign" && input.campaignId === null)
      ctx.addIssue({ code: "custom", path: ["campaignId"], message: "repricing:errors.campaign" });
    const problem = ruleValueProblem({ kind: input.rule, value: input.value });
    if (problem) {
      const message =
        input.rule === "euros"
          ? "repricing:errors.eurosRange"
          : input.rule === "margin"
            ? "repricing:errors.marginRange"
            : "repricing:errors.percentRange";
      ctx.addIssue({ code: "custom", path: ["value"], message });
    }
    if ((input.bandFrom === null) !== (input.bandRounding === null))
      ctx.addIssue({
        code: "custom",
        path: [input.bandFrom === null ? "bandFrom" : "bandRounding"],
        message: "repricing:errors.band",
      });
  });

export type RepriceInput = z.output<typeof repriceSchema>;

/** The apply and undo buttons of a batch's page. */
export const batchIntentSchema = z.object({
  intent: z.enum(["apply", "undo"], { error: "validation.invalid" }),
});

/** The form's input as a preview asks for it (the scanned list's products from the session). */
export function previewRequestOf(input: RepriceInput, scannedIds: number[] = []) {
  return {
    scope: input.scope,
    filters: {
      search: input.search,
      categoryId: input.categoryId,
      brand: input.brand,
      supplierId: input.supplierId,
      status: input.status,
    },
    campaignId: input.campaignId,
    productIds: scannedIds,
    rule: { kind: input.rule, value: input.value },
    ladder: {
      ending: input.rounding,
      above:
        input.bandFrom && input.bandRounding
          ? { fromCents: toCents(input.bandFrom), ending: input.bandRounding }
          : null,
    },
  };
}
