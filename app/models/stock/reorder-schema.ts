import { z } from "zod/v4";
import { typeMessages } from "~/models/zod-messages";

/** The query of GET /api/inventory/reorder: one supplier's lines, and a page of lines. */
export const reorderQuerySchema = z.object({
  supplierId: z.coerce
    .number(typeMessages({ invalid: "validation.invalid" }))
    .int("validation.invalid")
    .min(1, "validation.invalid")
    .max(999_999_999, "validation.invalid")
    .nullish()
    .transform((value) => value ?? null),
  limit: z.coerce
    .number(typeMessages({ invalid: "validation.invalid" }))
    .int("validation.invalid")
    .min(1, "validation.invalid")
    .max(1000, "validation.invalid")
    .nullish()
    .transform((value) => value ?? 100),
  offset: z.coerce
    .number(typeMessages({ invalid: "validation.invalid" }))
    .int("validation.invalid")
    .min(0, "validation.invalid")
    .max(1_000_000_000, "validation.invalid")
    .nullish()
    .transform((value) => value ?? 0),
});
