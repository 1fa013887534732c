import { z } from "zod/v4";
import { typeMessages } from "~/models/zod-messages";
import { requiredMoney } from "./amount-schema";
import { MARGIN_AMOUNTS } from "./margin-input";

/** The margin calculator's input to POST /api/calculate-margin (the pages check the same fields in margin-input.ts). */
export const marginInputSchema = z.object({
  purchasePrice: requiredMoney(MARGIN_AMOUNTS.purchasePrice.requiredMessage),
  sellingPrice: requiredMoney(MARGIN_AMOUNTS.sellingPrice.requiredMessage, {
    aboveZero: MARGIN_AMOUNTS.sellingPrice.aboveZero,
  }),
  vatInclusive: z
    .union([z.boolean(), z.enum(["true", "false"])], typeMessages({ invalid: "validation.invalid" }))
    .nullish()
    .transform((v) => v === null || v === undefined || v === true || v === "true"),
});

export type MarginFormInput = z.infer<typeof marginInputSchema>;
