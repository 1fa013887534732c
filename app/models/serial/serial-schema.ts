import { z } from "zod/v4";
import { TRACKING_MODES } from "~/models/product/tracking";
import { lengthRule, typeMessages } from "~/models/zod-messages";
import { normaliseSerial } from "./serial-list";
import { SERIAL_DOCUMENT_TYPES, SERIAL_EVENT_KINDS, SERIAL_STATES } from "./serial-state";

/** The API's answers for serial-tracked units (issue #31): a unit found, and one with its timeline. */

const id = z.number().int().positive();
const time = z.string().datetime({ offset: true }).describe("ISO 8601 time");

export const serialEventAnswer = z
  .object({
    id,
    kind: z.enum(SERIAL_EVENT_KINDS),
    documentType: z.enum(SERIAL_DOCUMENT_TYPES).nullable(),
    documentId: id.nullable(),
    documentNumber: z.string().nullable().describe("PO-2026-000012, SO-…: the document's number"),
    user: z.string().nullable().describe("who did it (null: a job, or a deleted user)"),
    at: time,
    note: z.string().nullable(),
  })
  .strict();

export const serialUnitSummaryAnswer = z
  .object({
    id,
    serial: z.string().describe("trimmed, upper-case"),
    state: z.enum(SERIAL_STATES),
    productId: id,
    productName: z.string(),
    sku: z.string(),
    tracking: z.enum(TRACKING_MODES),
    receivedAt: time.nullable(),
  })
  .strict();

const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .describe("a calendar day, YYYY-MM-DD");

export const serialUnitAnswer = serialUnitSummaryAnswer
  .extend({
    guaranteeMonths: z.number().int().nullable().describe("the product's guarantee length"),
    purchaseOrderId: id.nullable().describe("the purchase order it came in on"),
    sale: z
      .object({
        orderId: id,
        orderNumber: z.string(),
        customerId: id.nullable(),
        customerName: z.string().nullable().describe("who bought it (null: a walk-in sale)"),
        soldAt: time,
        guaranteeEnds: day.nullable().describe("the last day of its guarantee (null: none stated)"),
      })
      .strict()
      .nullable()
      .describe("the sale it is out on (null: not sold, or back by a return)"),
    events: z.array(serialEventAnswer).describe("its timeline, oldest first"),
  })
  .strict();

export const serialSearchAnswer = z.object({ units: z.array(serialUnitSummaryAnswer) }).strict();

/** GET /api/serials?q=: the serial or IMEI, as typed or scanned (letter case and spaces around ignored). */
export const serialQuerySchema = z.object({
  q: z
    .string({ error: "serials:errors.query" })
    .trim()
    .min(1, "serials:errors.query")
    .max(100, "serials:errors.query"),
});

export type SerialUnitRow = z.output<typeof serialUnitAnswer>;
export type SerialUnitSummary = z.output<typeof serialUnitSummaryAnswer>;

/**
 * A line's serials or IMEIs as a document takes them (a receipt, a shipment): a list of texts, each
 * trimmed and upper-cased, blanks dropped, at most `max` (one per unit). What is wrong with them
 * (duplicates, bad IMEIs, the count) is the write path's to say, all at once.
 */
export function serialListField(max: number) {
  return z
    .array(z.string(typeMessages({ invalid: "serials:errors.list" })).max(1000, "validation.tooLong"), {
      error: "serials:errors.list",
    })
    .max(max, lengthRule("serials:errors.list"))
    .optional()
    .transform((list) => (list ?? []).map(normaliseSerial).filter((serial) => serial !== ""));
}
