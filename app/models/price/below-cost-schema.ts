import { z } from "zod/v4";
import { lengthRule, typeMessages, whenValid } from "~/models/zod-messages";

// Its own module: the forms' below-cost box (below-cost.ts) must not bring zod into their pages.

/** The reason as typed: trimmed, 3 to 500 characters; empty or absent is none. */
export const belowCostReasonSchema = z
  .string(typeMessages({ invalid: "validation.invalid" }))
  .trim()
  .max(500, lengthRule("prices:belowCost.reasonTooLong"))
  .nullish()
  .transform(whenValid((value) => value || null))
  .refine((value) => value === null || value.length >= 3, { error: "prices:belowCost.reasonTooShort" });
