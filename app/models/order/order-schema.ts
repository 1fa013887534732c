import { z } from "zod/v4";
import { optionalMoney } from "~/models/amount-schema";
import { lengthRule, typeMessages, whenValid } from "~/models/zod-messages";
import { ORDER_STATUSES, QUOTE_STATUSES } from "./document-status";

const id = z.coerce
  .number(typeMessages({ invalid: "validation.invalid" }))
  .int("validation.invalid")
  .positive("validation.invalid")
  .max(2_147_483_647, "validation.invalid");

/** A line as it is asked for: a product, how many, and a price only when it is not the default. */
export const documentLineSchema = z.object({
  productId: id,
  quantity: z.coerce
    .number(typeMessages({ invalid: "orders:errors.quantity" }))
    .int("orders:errors.quantity")
    .min(1, "orders:errors.quantity")
    .max(100_000, "orders:errors.quantity"),
  /** per unit including VAT; empty: the campaign price on the document's date, else the selling price */
  unitPrice: optionalMoney(null),
});
export type DocumentLineInput = z.infer<typeof documentLineSchema>;

const day = z
  .string(typeMessages({ invalid: "validation.invalid" }))
  .regex(/^\d{4}-\d{2}-\d{2}$/, "validation.date")
  // a day of the calendar: 2026-02-30 is not one (Date would roll it over to March)
  .refine((value) => {
    const date = new Date(`${value}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
  }, "validation.date");

const documentFields = {
  customerId: id.nullish().transform((value) => value ?? null),
  notes: z
    .string(typeMessages({ invalid: "validation.invalid" }))
    .trim()
    .max(2000, lengthRule("validation.tooLong"))
    .nullish()
    .transform(whenValid((value) => value || null)),
  lines: z.array(documentLineSchema).max(200, lengthRule("orders:errors.tooManyLines")).default([]),
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
    .string(typeMessages({ required: "orders:errors.transitionTo" }))
    .trim()
    .min(1, lengthRule("orders:errors.transitionTo"))
    .max(30, lengthRule()),
});

const MAX_PAGE_SIZE = 200;

/** The query of a quote or order list (GET /api/quotes, /api/orders): empty values are left out. */
function documentQuerySchema<S extends readonly [string, ...string[]]>(statuses: S) {
  return z.object({
    status: z
      .enum(statuses, { error: "validation.invalid" })
      .nullish()
      .transform((value) => value ?? null),
    customer: id.nullish().transform((value) => value ?? null),
    /** text in the number or the customer's name, company or e-mail */
    q: z
      .string()
      .max(100, lengthRule("validation.tooLong"))
      .nullish()
      .transform(whenValid((value) => value?.trim() || null)),
    from: day.nullish().transform((value) => value ?? null),
    to: day.nullish().transform((value) => value ?? null),
    limit: z.coerce
      .number(typeMessages({ invalid: "validation.invalid" }))
      .int("validation.invalid")
      .min(1, "validation.invalid")
      .max(MAX_PAGE_SIZE, "validation.invalid")
      .default(50),
    offset: z.coerce
      .number(typeMessages({ invalid: "validation.invalid" }))
      .int("validation.invalid")
      .min(0, "validation.invalid")
      .max(10_000_000, "validation.invalid")
      .default(0),
  });
}
export const quoteQuerySchema = documentQuerySchema(QUOTE_STATUSES);
export const orderQuerySchema = documentQuerySchema(ORDER_STATUSES);
export type DocumentQuery = z.infer<typeof quoteQuerySchema>;
