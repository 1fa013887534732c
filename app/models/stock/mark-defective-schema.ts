import { z } from "zod/v4";
import { recordId } from "~/models/line-documents/line-document-schema";
import { lengthRule, typeMessages, whenValid } from "~/models/zod-messages";
import { movementLocationId } from "./stock-movement-schema";

/**
 * Marking stock defective by hand (issue #31): a unit of a serial-tracked product from its page
 * (`POST /api/serials/{id}/defective`), a quantity of an untracked product from the product page
 * (`POST /api/products/{id}/defective`). Messages are i18n keys; forms send strings, JSON numbers.
 */

/** The most units marked defective at once (as a movement by hand may move). */
export const MAX_DEFECTIVE_QUANTITY = 1_000_000;

/** What is wrong with it: kept on the stock movement and the unit's timeline. */
const defectNote = z
  .string(typeMessages({ invalid: "validation.invalid" }))
  .trim()
  .max(500, lengthRule("validation.tooLong"))
  .nullish()
  .transform(whenValid((value) => value || null));

export const markUnitDefectiveSchema = z.object({
  note: defectNote,
  /** the unit's version as read; a stale one is refused (409) */
  version: recordId.nullish().transform((value) => value ?? null),
});
export type MarkUnitDefectiveInput = z.infer<typeof markUnitDefectiveSchema>;

export const markStockDefectiveSchema = z.object({
  quantity: z.coerce
    .number(
      typeMessages({ required: "stock:errors.defectiveQuantity", invalid: "stock:errors.defectiveQuantity" }),
    )
    .int("stock:errors.defectiveQuantity")
    .min(1, "stock:errors.defectiveQuantity")
    .max(MAX_DEFECTIVE_QUANTITY, "stock:errors.defectiveQuantity"),
  note: defectNote,
  /** Where it was found (issue #32): an active location; none: the staff member's own (else the default). */
  locationId: movementLocationId,
});
export type MarkStockDefectiveInput = z.infer<typeof markStockDefectiveSchema>;

/** What `POST /api/products/{id}/defective` answers: the product's two quantities after it. */
export const markedDefectiveAnswer = z
  .object({
    productId: z.number().int().positive(),
    stockLevel: z.number().int().describe("the sellable stock after the damage movement"),
    defectiveStock: z.number().int().describe("the units kept apart as defective"),
    movementId: z.number().int().positive().describe("the damage movement of the ledger"),
  })
  .strict();
