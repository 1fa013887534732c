import { z } from "zod/v4";
import { optionalMoney } from "~/models/amount-schema";
import { lengthRule, typeMessages, whenValid } from "~/models/zod-messages";
import { PURCHASE_ORDER_STATUSES, TRANSITION_TARGETS } from "./purchase-order-status";

/** The most lines a purchase order has, and the most units a line orders or a receipt takes in. */
export const MAX_PURCHASE_LINES = 200;
export const MAX_PURCHASE_QUANTITY = 100_000;

const id = z.coerce
  .number(typeMessages({ invalid: "validation.invalid" }))
  .int("validation.invalid")
  .positive("validation.invalid")
  .max(2_147_483_647, "validation.invalid");

const day = z
  .string(typeMessages({ invalid: "validation.invalid" }))
  .regex(/^\d{4}-\d{2}-\d{2}$/, "validation.date")
  // a day of the calendar: 2026-02-30 is not one (Date would roll it over to March)
  .refine((value) => {
    const date = new Date(`${value}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
  }, "validation.date");

/** A line as it is asked for: a product, how many, and a unit cost when not the product's own. */
export const purchaseLineSchema = z.object({
  productId: id,
  quantity: z.coerce
    .number(typeMessages({ invalid: "purchasing:errors.quantity" }))
    .int("purchasing:errors.quantity")
    .min(1, "purchasing:errors.quantity")
    .max(MAX_PURCHASE_QUANTITY, "purchasing:errors.quantity"),
  /** per unit without VAT; empty: the product's purchase price without VAT */
  unitCost: optionalMoney(null),
});
export type PurchaseLineInput = z.infer<typeof purchaseLineSchema>;

/** A purchase order from the page's editor or the API: created, or changed while a draft. */
export const purchaseOrderSchema = z.object({
  supplierId: z.unknown().transform((value, ctx) => {
    // Left out, empty or null is "choose one" (zod 4 skips the checks of a missing optional key).
    if (value === undefined || value === null || value === "") {
      ctx.addIssue({ code: "custom", message: "purchasing:errors.supplierRequired" });
      return z.NEVER;
    }
    const parsed = id.safeParse(value);
    if (!parsed.success) {
      ctx.addIssue({ code: "custom", message: "validation.invalid" });
      return z.NEVER;
    }
    return parsed.data;
  }),
  /** empty: today plus the supplier's lead time */
  expectedDate: day.nullish().transform((value) => value ?? null),
  note: z
    .string(typeMessages({ invalid: "validation.invalid" }))
    .trim()
    .max(2000, lengthRule("validation.tooLong"))
    .nullish()
    .transform(whenValid((value) => value || null)),
  lines: z
    .array(purchaseLineSchema)
    .max(MAX_PURCHASE_LINES, lengthRule("purchasing:errors.tooManyLines"))
    .default([]),
  version: id.nullish().transform((value) => value ?? null),
});
export type PurchaseOrderInput = Omit<z.infer<typeof purchaseOrderSchema>, "supplierId"> & {
  supplierId: number;
};

/** POST …/transition: send, cancel, or close a partly received order (to received). */
export const purchaseTransitionSchema = z.object({
  to: z.enum(TRANSITION_TARGETS, { error: "purchasing:errors.transitionTo" }),
});

/** A receipt: per line how many came in now and, when it differs, at what unit cost without VAT. */
export const receiveSchema = z.object({
  lines: z
    .array(
      z.object({
        lineId: id,
        quantity: z.coerce
          .number(typeMessages({ invalid: "purchasing:errors.receiveQuantity" }))
          .int("purchasing:errors.receiveQuantity")
          .min(0, "purchasing:errors.receiveQuantity")
          .max(MAX_PURCHASE_QUANTITY, "purchasing:errors.receiveQuantity"),
        /** empty: the line's unit cost */
        unitCost: optionalMoney(null),
      }),
    )
    .min(1, lengthRule("purchasing:errors.nothingReceived"))
    .max(MAX_PURCHASE_LINES, lengthRule("purchasing:errors.tooManyLines")),
  /** More than ordered on a line is taken in only when this says so. */
  allowOverReceipt: z.boolean(typeMessages({ invalid: "validation.invalid" })).default(false),
});
export type ReceiveInput = z.infer<typeof receiveSchema>;

const MAX_PAGE_SIZE = 200;

/** The list's query (GET /api/purchase-orders): empty values are left out. */
export const purchaseOrderQuerySchema = z.object({
  status: z
    .enum(PURCHASE_ORDER_STATUSES, { error: "validation.invalid" })
    .nullish()
    .transform((value) => value ?? null),
  supplier: id.nullish().transform((value) => value ?? null),
  /** text in the order's number or its supplier's name */
  q: z
    .string()
    .max(100, lengthRule("validation.tooLong"))
    .nullish()
    .transform(whenValid((value) => value?.trim() || null)),
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
