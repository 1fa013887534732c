import { z } from "zod/v4";
import { optionalMoney } from "~/models/amount-schema";
import {
  documentNote,
  lineQuantity,
  listPage,
  listSearch,
  recordId,
} from "~/models/line-documents/line-document-schema";
import { serialListField } from "~/models/serial/serial-schema";
import { lengthRule } from "~/models/zod-messages";
import {
  RETURN_OUTCOMES,
  RETURN_REASONS,
  RETURN_STATUSES,
  RETURN_TRANSITIONS,
} from "./customer-return-state";

/** A customer return's input and the API's answers (issue #31, item 5). */

/** The most lines a return has, and the most units a line returns. */
export const MAX_RETURN_LINES = 200;
export const MAX_RETURN_QUANTITY = 10_000;

/**
 * A line as it is asked for: an order line, its units (an untracked product's a quantity, a tracked
 * one's serials, one per unit: the quantity follows), why and what is done; a replaced tracked line
 * names its replacements' serials, a refunded one may name an amount (default: what was paid).
 */
export const returnLineSchema = z.object({
  orderLineId: recordId,
  quantity: lineQuantity("returns:errors.quantity", MAX_RETURN_QUANTITY)
    .nullish()
    .transform((value) => value ?? null),
  serials: serialListField(MAX_RETURN_QUANTITY),
  reason: z.enum(RETURN_REASONS, { error: "returns:errors.reason" }),
  outcome: z.enum(RETURN_OUTCOMES, { error: "returns:errors.outcome" }),
  replacementSerials: serialListField(MAX_RETURN_QUANTITY),
  /** VAT included; empty: what the customer paid for the units */
  refundAmount: optionalMoney(null),
});
export type ReturnLineInput = z.output<typeof returnLineSchema>;

const returnLines = z
  .array(returnLineSchema, { error: "validation.invalid" })
  .min(1, lengthRule("returns:errors.noLines"))
  .max(MAX_RETURN_LINES, lengthRule("returns:errors.tooManyLines"));

const version = recordId.nullish().transform((value) => value ?? null);

/** A new return (a draft): the order, a note and the lines. */
export const returnSchema = z.object({
  orderId: recordId,
  note: documentNote,
  lines: returnLines,
  /** where the goods come back into (issue #32): an admin's or a manager's choice; none: the order's location */
  locationId: recordId.nullish().transform((value) => value ?? null),
});
export type ReturnInput = Omit<z.output<typeof returnSchema>, "locationId"> & { locationId?: number | null };

/** A draft changed: its note and lines (all replaced), with the version read. */
export const returnChangeSchema = z.object({
  note: documentNote,
  lines: returnLines,
  version,
  /** where the goods come back into (issue #32); none: kept */
  locationId: recordId.nullish().transform((value) => value ?? null),
});
export type ReturnChangeInput = Omit<z.output<typeof returnChangeSchema>, "locationId"> & {
  locationId?: number | null;
};

/** POST /api/returns/{id}/transition: complete or cancel a draft. */
export const returnTransitionSchema = z.object({
  to: z.enum(RETURN_TRANSITIONS, { error: "returns:errors.transitionTo" }),
  version,
});

/** The list's query (GET /api/returns): empty values are left out. */
export const returnQuerySchema = z.object({
  status: z
    .enum(RETURN_STATUSES, { error: "validation.invalid" })
    .nullish()
    .transform((value) => value ?? null),
  customer: recordId.nullish().transform((value) => value ?? null),
  order: recordId.nullish().transform((value) => value ?? null),
  /** the return's or the order's number, the customer's name, or a serial or IMEI */
  q: listSearch,
  ...listPage,
});

// ---------------------------------------------------------------------------------------------
// The answers

const id = z.number().int().positive();
const time = z.string().datetime({ offset: true }).describe("ISO 8601 time");
const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .describe("a calendar day, YYYY-MM-DD");
const money = z
  .string()
  .regex(/^-?\d+\.\d{2}$/)
  .describe("euros with two decimals, as text");

export const returnUnitAnswer = z
  .object({
    unitId: id,
    serial: z.string(),
    soldAt: time.nullable().describe("when it was sold, as it was when the return was written"),
    soldOn: day.nullable().describe("the shop's day of the sale"),
    guaranteeEnds: day.nullable().describe("the last day of its guarantee (null: none stated)"),
    guaranteeEnded: z
      .boolean()
      .describe(
        "its guarantee had ended on the return's day (asOf): a claim is still taken, since liability for defects may apply",
      ),
    replacementUnitId: id.nullable(),
    replacementSerial: z.string().nullable().describe("a replaced unit's replacement"),
  })
  .strict();

export const returnLineAnswer = z
  .object({
    id,
    orderLineId: id,
    productId: id,
    productName: z.string(),
    sku: z.string(),
    quantity: z.number().int(),
    reason: z.enum(RETURN_REASONS),
    outcome: z.enum(RETURN_OUTCOMES),
    goesTo: z.enum(["stock", "defective"]).describe("where the returned goods go"),
    unitPaid: money.describe("paid per unit, VAT included, after the order's discount"),
    vatRate: z.string(),
    refundAmount: money.nullable().describe("a refunded line's amount, VAT included"),
    units: z.array(returnUnitAnswer).describe("a serial-tracked line's units, one per unit"),
  })
  .strict();

const vatRow = z.object({ rate: z.string(), net: money, vat: money, gross: money }).strict();

export const returnAnswer = z
  .object({
    id,
    number: z.string().describe("RMA-2026-000001"),
    status: z.enum(RETURN_STATUSES),
    orderId: id,
    orderNumber: z.string(),
    customerId: id.nullable(),
    customerName: z.string().nullable(),
    note: z.string().nullable(),
    location: z
      .object({ id, name: z.string() })
      .strict()
      .describe("where the goods come back into (issue #32): the order's location unless chosen"),
    refundTotal: money,
    refundTax: money,
    refundNet: money,
    vatBreakdown: z.array(vatRow).describe("the refund's VAT per rate"),
    asOf: day.describe("the day the units' age and guarantee are read on: completion, else today"),
    createdBy: z.string().nullable(),
    createdAt: time,
    completedAt: time.nullable(),
    completedBy: z.string().nullable(),
    cancelledAt: time.nullable(),
    version: z.number().int(),
    lines: z.array(returnLineAnswer),
  })
  .strict();

export const returnListRowAnswer = z
  .object({
    id,
    number: z.string(),
    status: z.enum(RETURN_STATUSES),
    orderId: id,
    orderNumber: z.string(),
    customerId: id.nullable(),
    customerName: z.string().nullable(),
    units: z.number().int().describe("units returned on its lines"),
    refundTotal: money,
    createdAt: time,
  })
  .strict();

export const returnListAnswer = z
  .object({ returns: z.array(returnListRowAnswer), total: z.number().int() })
  .strict();

export type ReturnRow = z.output<typeof returnAnswer>;
export type ReturnLineRow = z.output<typeof returnLineAnswer>;
export type ReturnUnitRow = z.output<typeof returnUnitAnswer>;
export type ReturnListRow = z.output<typeof returnListRowAnswer>;
