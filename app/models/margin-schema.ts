import { z } from "zod";
import { parseMoney, toCents } from "./money";

const price = (field: "purchasePrice" | "sellingPrice") =>
  z
    .union([z.string(), z.number()], {
      required_error: `margin:errors.${field}Required`,
      invalid_type_error: "margin:errors.price",
    })
    .superRefine((value, ctx) => {
      if (value === "") ctx.addIssue({ code: "custom", message: `margin:errors.${field}Required` });
      else if (parseMoney(value) === null) ctx.addIssue({ code: "custom", message: "margin:errors.price" });
    })
    .transform((value) => parseMoney(value) as string);

/** The margin calculator's input (page and POST /api/calculate-margin). */
export const marginInputSchema = z
  .object({
    purchasePrice: price("purchasePrice"),
    sellingPrice: price("sellingPrice"),
    vatInclusive: z
      .union([z.boolean(), z.enum(["true", "false"])], { invalid_type_error: "validation.invalid" })
      .nullish()
      .transform((v) => v === null || v === undefined || v === true || v === "true"),
  })
  .superRefine((value, ctx) => {
    if (value.sellingPrice && toCents(value.sellingPrice) <= 0) {
      ctx.addIssue({ code: "custom", path: ["sellingPrice"], message: "margin:errors.sellingPositive" });
    }
  });

export type MarginFormInput = z.infer<typeof marginInputSchema>;
