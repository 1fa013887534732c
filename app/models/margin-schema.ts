import { z } from "zod";
import { requiredMoney } from "./amount-schema";

/** The margin calculator's input (page and POST /api/calculate-margin). */
export const marginInputSchema = z.object({
  purchasePrice: requiredMoney("margin:errors.purchasePriceRequired"),
  sellingPrice: requiredMoney("margin:errors.sellingPriceRequired", { aboveZero: true }),
  vatInclusive: z
    .union([z.boolean(), z.enum(["true", "false"])], { invalid_type_error: "validation.invalid" })
    .nullish()
    .transform((v) => v === null || v === undefined || v === true || v === "true"),
});

export type MarginFormInput = z.infer<typeof marginInputSchema>;
