import { z } from "zod/v4";
import { documentNote, lineQuantity, listPage, recordId } from "~/models/line-documents/line-document-schema";
import { TRACKING_MODES } from "~/models/product/tracking";
import { normaliseSerial } from "~/models/serial/serial-list";
import { lengthRule, typeMessages } from "~/models/zod-messages";
import { TRANSFER_LOSS_REASONS, TRANSFER_STATUSES, TRANSFER_TRANSITION_TARGETS } from "./transfer-status";

/**
 * Transfers' input (the pages and the API share it) and the API's answers (issue #32). Messages
 * are i18n keys in the `transfers` namespace or common's `validation`.
 */

/** The most lines a transfer has, and the most units a line moves. */
export const MAX_TRANSFER_LINES = 500;
export const MAX_TRANSFER_QUANTITY = 1_000_000;

const version = recordId.nullish().transform((value) => value ?? null);

const serials = z
  .array(z.string(typeMessages({ invalid: "transfers:errors.serials" })).max(1000, "validation.tooLong"), {
    error: "transfers:errors.serials",
  })
  .max(MAX_TRANSFER_QUANTITY, lengthRule("transfers:errors.serials"))
  .optional()
  .transform((list) => (list ?? []).map(normaliseSerial).filter((serial) => serial !== ""));

/** A line as asked: a product by id or SKU, a quantity, a serial-tracked product's serials (one per unit). */
export const transferLineInput = z
  .object({
    productId: recordId.nullish().transform((value) => value ?? null),
    sku: z
      .string(typeMessages({ invalid: "validation.invalid" }))
      .trim()
      .max(100, lengthRule("validation.tooLong"))
      .nullish()
      .transform((value) => value || null),
    quantity: lineQuantity("transfers:errors.quantity", MAX_TRANSFER_QUANTITY),
    serials,
  })
  .refine((line) => line.productId !== null || line.sku !== null, {
    message: "transfers:errors.product",
    path: ["productId"],
  });

const lines = z
  .array(transferLineInput, { error: "validation.invalid" })
  .min(1, lengthRule("transfers:errors.noLines"))
  .max(MAX_TRANSFER_LINES, lengthRule("transfers:errors.tooManyLines"));

const locationId = (message: string) =>
  z.unknown().transform((value, ctx) => {
    const parsed = recordId.safeParse(value);
    if (value === undefined || value === null || value === "" || !parsed.success) {
      ctx.addIssue({ code: "custom", message });
      return z.NEVER;
    }
    return parsed.data;
  });

/** POST /api/transfers: a draft from one location to another with its lines. */
export const transferCreateSchema = z.object({
  fromLocationId: locationId("transfers:errors.from"),
  toLocationId: locationId("transfers:errors.to"),
  note: documentNote,
  lines,
});
export type TransferCreateInput = {
  fromLocationId: number;
  toLocationId: number;
  note: string | null;
  lines: z.output<typeof transferLineInput>[];
};

/** PATCH /api/transfers/{id}: a draft's locations, note and lines (all of them, when given). */
export const transferChangeSchema = z.object({
  fromLocationId: locationId("transfers:errors.from"),
  toLocationId: locationId("transfers:errors.to"),
  note: documentNote,
  lines,
  version,
});
export type TransferChangeInput = TransferCreateInput & { version: number | null };

/** A line's receipt: what arrived (default: what was sent), and why the rest did not. */
export const transferReceiptLine = z.object({
  lineId: recordId,
  received: z.coerce
    .number(typeMessages({ invalid: "transfers:errors.received" }))
    .int("transfers:errors.received")
    .min(0, "transfers:errors.received")
    .max(MAX_TRANSFER_QUANTITY, "transfers:errors.received")
    .nullish()
    .transform((value) => value ?? null),
  /** a serial-tracked line's units that arrived (default: all of them when nothing is short) */
  serials: serials.optional(),
  lossReason: z
    .enum(TRANSFER_LOSS_REASONS, { error: "transfers:errors.lossReason" })
    .nullish()
    .transform((value) => value ?? null),
  lossNote: documentNote,
});
export type TransferReceiptLine = z.output<typeof transferReceiptLine>;

/** POST …/transition: send, receive (with each line's receipt) or cancel. */
export const transferTransitionSchema = z.object({
  to: z.enum(TRANSFER_TRANSITION_TARGETS, { error: "transfers:errors.transitionTo" }),
  lines: z
    .array(transferReceiptLine, { error: "validation.invalid" })
    .max(MAX_TRANSFER_LINES, lengthRule("transfers:errors.tooManyLines"))
    .refine(
      (list) => new Set(list.map((line) => line.lineId)).size === list.length,
      "transfers:errors.lineTwice",
    )
    .nullish()
    .transform((value) => value ?? []),
  version,
});
export type TransferTransitionInput = z.output<typeof transferTransitionSchema>;

/** DELETE /api/transfers/{id}: the body may be left out; a version names what was read. */
export const transferDeleteSchema = z.object({ version });

/** The list's query (GET /api/transfers): empty values are left out. */
export const transferQuerySchema = z.object({
  status: z
    .enum(TRANSFER_STATUSES, { error: "validation.invalid" })
    .nullish()
    .transform((value) => value ?? null),
  /** from or to this location */
  location: recordId.nullish().transform((value) => value ?? null),
  ...listPage,
});

// ---------------------------------------------------------------------------------------------
// Answers

const id = z.number().int().positive();
const time = z.string().datetime({ offset: true }).describe("ISO 8601 time");
const money = z
  .string()
  .regex(/^-?\d+\.\d{2}$/)
  .describe("euros with two decimals, as text: exact");
const place = z.object({ id, name: z.string() }).strict();

export const transferLineAnswer = z
  .object({
    id,
    productId: id,
    productName: z.string().describe("as the product was named when the line was made"),
    sku: z.string(),
    tracking: z.enum(TRACKING_MODES),
    quantity: z.number().int().positive().describe("sent (or to send)"),
    received: z.number().int().nullable().describe("what arrived; null until received"),
    lost: z.number().int().describe("quantity - received once received, else 0"),
    lossReason: z.enum(TRANSFER_LOSS_REASONS).nullable(),
    lossNote: z.string().nullable(),
    serials: z
      .array(
        z
          .object({
            unitId: id,
            serial: z.string(),
            received: z.boolean().nullable().describe("null until received"),
          })
          .strict(),
      )
      .describe("a serial-tracked line's units, one per unit"),
  })
  .strict();

export const transferAnswer = z
  .object({
    id,
    number: z.string().describe("TR-2026-000001"),
    status: z.enum(TRANSFER_STATUSES),
    from: place,
    to: place,
    note: z.string().nullable(),
    units: z.number().int().describe("the units on its lines"),
    inTransit: z.number().int().describe("units sent and not yet received (a sent transfer's all)"),
    valueAtCost: money.describe("the lines' units at purchase cost without VAT, today's"),
    createdBy: z.string().nullable(),
    createdAt: time,
    sentAt: time.nullable(),
    sentBy: z.string().nullable(),
    receivedAt: time.nullable(),
    receivedBy: z.string().nullable(),
    cancelledAt: time.nullable(),
    lines: z.array(transferLineAnswer),
    version: z.number().int().describe("send it back with a change: a stale one answers 409"),
  })
  .strict();

export const transferListRowAnswer = z
  .object({
    id,
    number: z.string(),
    status: z.enum(TRANSFER_STATUSES),
    from: place,
    to: place,
    units: z.number().int(),
    inTransit: z.number().int().describe("units sent and not yet received"),
    lost: z.number().int().describe("units that did not arrive"),
    createdAt: time,
    sentAt: time.nullable(),
  })
  .strict();

export const transferListAnswer = z
  .object({
    transfers: z.array(transferListRowAnswer),
    total: z.number().int(),
    inTransit: z
      .object({
        units: z.number().int(),
        value: money.describe("at selling price"),
        valueAtCost: money.describe("at purchase cost without VAT"),
      })
      .strict()
      .describe("everything sent and not yet received, across all transfers (whatever the filters)"),
  })
  .strict();

export type TransferRow = z.output<typeof transferAnswer>;
export type TransferLineRow = z.output<typeof transferLineAnswer>;
export type TransferListRow = z.output<typeof transferListRowAnswer>;
