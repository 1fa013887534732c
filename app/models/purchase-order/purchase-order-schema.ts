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
import { serialListField } from "~/models/serial/serial-schema";
import { lengthRule, typeMessages } from "~/models/zod-messages";
import { PURCHASE_ORDER_STATUSES, TRANSITION_TARGETS } from "./purchase-order-status";

/** The most lines a purchase order has, and the most units a line orders or a receipt takes in. */
export const MAX_PURCHASE_LINES = 200;
export const MAX_PURCHASE_QUANTITY = 100_000;

/** A line as it is asked for: a product, how many, and a unit cost when not the product's own. */
export const purchaseLineSchema = z.object({
  productId: recordId,
  quantity: lineQuantity("purchasing:errors.quantity", MAX_PURCHASE_QUANTITY),
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
    const parsed = recordId.safeParse(value);
    if (!parsed.success) {
      ctx.addIssue({ code: "custom", message: "validation.invalid" });
      return z.NEVER;
    }
    return parsed.data;
  }),
  /** empty: today plus the supplier's lead time */
  expectedDate: calendarDay.nullish().transform((value) => value ?? null),
  note: documentNote,
  lines: z
    .array(purchaseLineSchema)
    .max(MAX_PURCHASE_LINES, lengthRule("purchasing:errors.tooManyLines"))
    .default([]),
  version: recordId.nullish().transform((value) => value ?? null),
  /** where it is delivered (issue #32); none: the creating user's work location, or kept on a change */
  locationId: recordId.nullish().transform((value) => value ?? null),
});
export type PurchaseOrderInput = Omit<z.infer<typeof purchaseOrderSchema>, "supplierId" | "locationId"> & {
  supplierId: number;
  locationId?: number | null;
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
        lineId: recordId,
        quantity: z.coerce
          .number(typeMessages({ invalid: "purchasing:errors.receiveQuantity" }))
          .int("purchasing:errors.receiveQuantity")
          .min(0, "purchasing:errors.receiveQuantity")
          .max(MAX_PURCHASE_QUANTITY, "purchasing:errors.receiveQuantity"),
        /** empty: the line's unit cost */
        unitCost: optionalMoney(null),
        /**
         * A serial-tracked product's serials or IMEIs (issue #31), one per unit received: trimmed
         * and upper-cased; an untracked product's line takes none.
         */
        serials: serialListField(MAX_PURCHASE_QUANTITY),
      }),
    )
    .min(1, lengthRule("purchasing:errors.nothingReceived"))
    .max(MAX_PURCHASE_LINES, lengthRule("purchasing:errors.tooManyLines")),
  /** More than ordered on a line is taken in only when this says so. */
  allowOverReceipt: z.boolean(typeMessages({ invalid: "validation.invalid" })).default(false),
});
export type ReceiveInput = z.infer<typeof receiveSchema>;

/** The list's query (GET /api/purchase-orders): empty values are left out. */
export const purchaseOrderQuerySchema = z.object({
  status: z
    .enum(PURCHASE_ORDER_STATUSES, { error: "validation.invalid" })
    .nullish()
    .transform((value) => value ?? null),
  supplier: recordId.nullish().transform((value) => value ?? null),
  /** delivered into this location (issue #32) */
  location: recordId.nullish().transform((value) => value ?? null),
  /** text in the order's number or its supplier's name */
  q: listSearch,
  ...listPage,
});
