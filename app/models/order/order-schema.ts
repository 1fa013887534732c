import { z } from "zod";
import { optionalMoney } from "~/models/amount-schema";

const id = z.coerce
  .number({ invalid_type_error: "validation.invalid" })
  .int("validation.invalid")
  .positive("validation.invalid")
  .max(2_147_483_647, "validation.invalid");

/** A line as it is asked for: a product, how many, and a price only when it is not the default. */
export const documentLineSchema = z.object({
  productId: id,
  quantity: z.coerce
    .number({ invalid_type_error: "orders:errors.quantity" })
    .int("orders:errors.quantity")
    .min(1, "orders:errors.quantity")
    .max(100_000, "orders:errors.quantity"),
  /** per unit including VAT; empty: the campaign price on the document's date, else the selling price */
  unitPrice: optionalMoney(null),
});
export type DocumentLineInput = z.infer<typeof documentLineSchema>;

const day = z
  .string({ invalid_type_error: "validation.invalid" })
  .regex(/^\d{4}-\d{2}-\d{2}$/, "validation.date")
  .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)), "validation.date");

const documentFields = {
  customerId: id.nullish().transform((value) => value ?? null),
  notes: z
    .string({ invalid_type_error: "validation.invalid" })
    .trim()
    .max(2000, "validation.tooLong")
    .nullish()
    .transform((value) => value || null),
  lines: z.array(documentLineSchema).max(200, "orders:errors.tooManyLines").default([]),
  version: id.nullish().transform((value) => value ?? null),
};

export const quoteSchema = z.object({
  ...documentFields,
  /** the last day the offer holds; empty: 30 days from today */
  validUntil: day.nullish().transform((value) => value ?? null),
});
export type QuoteInput = z.infer<typeof quoteSchema>;

export const orderSchema = z.object(documentFields);
export type OrderInput = z.infer<typeof orderSchema>;

/** POST …/transition: the status to move to. */
export const transitionSchema = z.object({
  to: z
    .string({ required_error: "orders:errors.transitionTo" })
    .trim()
    .min(1, "orders:errors.transitionTo")
    .max(30),
});
