import { z } from "zod";
import { requiredMoney } from "./amount-schema";
import { MARGIN_AMOUNTS } from "./margin-input";

/** The margin calculator's input to POST /api/calculate-margin (the pages check the same fields in margin-input.ts). */
export const marginInputSchema = z.object({
  purchasePrice: requiredMoney(MARGIN_AMOUNTS.purchasePrice.requiredMessage),
  sellingPrice: requiredMoney(MARGIN_AMOUNTS.sellingPrice.requiredMessage, {
    aboveZero: MARGIN_AMOUNTS.sellingPrice.aboveZero,
  }),
  vatInclusive: z
    .union([z.boolean(), z.enum(["true", "false"])], { invalid_type_error: "validation.invalid" })
    .nullish()
    .transform((v) => v === null || v === undefined || v === true || v === "true"),
});

export type MarginFormInput = z.infer<typeof marginInputSchema>;
