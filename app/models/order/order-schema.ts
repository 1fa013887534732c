import { z } from "zod/v4";
import { optionalMoney } from "~/models/amount-schema";
import {
  calendarDay,
  documentNote,
  lineQuantity,
  listPage,
  listSearch,
  recordId,
} from "~/models/line-documents/line-document-schema";
import { BELOW_COST_REASON } from "~/models/price/below-cost";
import { belowCostReasonSchema } from "~/models/price/below-cost-schema";
import { serialListField } from "~/models/serial/serial-schema";
import { lengthRule, typeMessages } from "~/models/zod-messages";
import { ORDER_STATUSES, QUOTE_STATUSES } from "./document-status";

/** A line as it is asked for: a product, how many, and a price only when it is not the default. */
export const documentLineSchema = z.object({
  productId: recordId,
  quantity: lineQuantity("orders:errors.quantity", 100_000),
  /** per unit including VAT; empty: the campaign price on the document's date, else the selling price */
  unitPrice: optionalMoney(null),
});
export type DocumentLineInput = z.infer<typeof documentLineSchema>;

const documentFields = {
  customerId: recordId.nullish().transform((value) => value ?? null),
  notes: documentNote,
  lines: z.array(documentLineSchema).max(200, lengthRule("orders:errors.tooManyLines")).default([]),
  version: recordId.nullish().transform((value) => value ?? null),
  /** an admin's or a manager's reason for lines sold under their net cost (below-cost.ts) */
  [BELOW_COST_REASON]: belowCostReasonSchema,
};

export const quoteSchema = z.object({
  ...documentFields,
  /** the last day the offer holds; empty: 30 days from today */
  validUntil: calendarDay.nullish().transform((value) => value ?? null),
});
export type QuoteInput = z.infer<typeof quoteSchema>;

export const orderSchema = z.object({
  ...documentFields,
  /** where it ships from (issue #32); none: the creating user's work location, or kept on a change */
  locationId: recordId.nullish().transform((value) => value ?? null),
});
export type OrderInput = Omit<z.infer<typeof orderSchema>, "locationId"> & { locationId?: number | null };

/** POST …/transition: the status to move to. */
export const transitionSchema = z.object({
  to: z
    .string(typeMessages({ required: "orders:errors.transitionTo" }))
    .trim()
    .min(1, lengthRule("orders:errors.transitionTo"))
    .max(30, lengthRule()),
});

/**
 * POST /api/orders/{id}/transition: the status, and for a move to shipped the serials of its
 * serial-tracked lines (issue #31), one per unit; other moves ignore them.
 */
export const orderTransitionSchema = transitionSchema.extend({
  serials: z
    .array(z.object({ lineId: recordId, serials: serialListField(100_000) }), {
      error: "serials:errors.list",
    })
    .max(200, lengthRule("orders:errors.tooManyLines"))
    .default([]),
});

/** The query of a quote or order list (GET /api/quotes, /api/orders): empty values are left out. */
function documentQuerySchema<S extends readonly [string, ...string[]]>(statuses: S) {
  return z.object({
    status: z
      .enum(statuses, { error: "validation.invalid" })
      .nullish()
      .transform((value) => value ?? null),
    customer: recordId.nullish().transform((value) => value ?? null),
    /** text in the number or the customer's name, company or e-mail */
    q: listSearch,
    from: calendarDay.nullish().transform((value) => value ?? null),
    to: calendarDay.nullish().transform((value) => value ?? null),
    ...listPage,
  });
}
export const quoteQuerySchema = documentQuerySchema(QUOTE_STATUSES);
export const orderQuerySchema = documentQuerySchema(ORDER_STATUSES).extend({
  /** the orders shipping from this location (issue #32) */
  location: recordId.nullish().transform((value) => value ?? null),
});
export type DocumentQuery = z.infer<typeof quoteQuerySchema>;
