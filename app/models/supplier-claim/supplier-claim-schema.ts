import { z } from "zod/v4";
import { optionalMoney } from "~/models/amount-schema";
import { documentNote, listPage, listSearch, recordId } from "~/models/line-documents/line-document-schema";
import { TRACKING_MODES } from "~/models/product/tracking";
import { normaliseSerial } from "~/models/serial/serial-list";
import { lengthRule, typeMessages } from "~/models/zod-messages";
import { CLAIM_OUTCOMES, CLAIM_STATUSES, CLAIM_TRANSITION_TARGETS } from "./supplier-claim-status";

/**
 * Supplier claims' input (the pages and the API share it) and the API's answers (issue #31 item 6).
 * Messages are i18n keys in the `claims` namespace or common's `validation`.
 */

/** The most lines a claim has, and the most units a line claims. */
export const MAX_CLAIM_LINES = 500;
export const MAX_CLAIM_QUANTITY = 1_000_000;

const version = recordId.nullish().transform((value) => value ?? null);

/** POST /api/supplier-claims: a draft of everything defective of this supplier not yet on a draft. */
export const claimCreateSchema = z.object({
  supplierId: z.unknown().transform((value, ctx) => {
    if (value === undefined || value === null || value === "") {
      ctx.addIssue({ code: "custom", message: "claims:errors.supplierRequired" });
      return z.NEVER;
    }
    const parsed = recordId.safeParse(value);
    if (!parsed.success) {
      ctx.addIssue({ code: "custom", message: "validation.invalid" });
      return z.NEVER;
    }
    return parsed.data;
  }),
  note: documentNote,
});
export type ClaimCreateInput = { supplierId: number; note: string | null };

/**
 * A draft's change: its note, and its lines (those left out are taken off the claim; an untracked
 * product's quantity may go down, or up to what is defective and on no other draft).
 */
export const claimChangeSchema = z.object({
  note: documentNote,
  lines: z
    .array(
      z.object({
        id: recordId,
        quantity: z.coerce
          .number(typeMessages({ invalid: "claims:errors.quantity" }))
          .int("claims:errors.quantity")
          .min(1, "claims:errors.quantity")
          .max(MAX_CLAIM_QUANTITY, "claims:errors.quantity")
          .nullish()
          .transform((value) => value ?? null),
        note: documentNote,
      }),
      { error: "validation.invalid" },
    )
    .max(MAX_CLAIM_LINES, lengthRule("claims:errors.tooManyLines"))
    .nullish()
    .transform((value) => value ?? null),
  version,
});
export type ClaimChangeInput = z.infer<typeof claimChangeSchema>;

/** POST …/transition: send a draft (e-mailed to the supplier when it has an address). */
export const claimTransitionSchema = z.object({
  to: z.enum(CLAIM_TRANSITION_TARGETS, { error: "claims:errors.transitionTo" }),
  version,
});

/** DELETE /api/supplier-claims/{id}: the body may be left out; a version names what was read. */
export const claimDeleteSchema = z.object({ version });

/** What the supplier did with each line named: credited, replaced (the new serials) or refused. */
export const claimOutcomesSchema = z.object({
  lines: z
    .array(
      z.object({
        lineId: recordId,
        outcome: z.enum(CLAIM_OUTCOMES, { error: "claims:errors.outcome" }),
        /** a credited line's amount without VAT; empty: quantity x unit cost */
        creditedAmount: optionalMoney(null),
        /** a replaced unit's new serial (serial-tracked products: one per unit) */
        serials: z
          .array(
            z.string(typeMessages({ invalid: "claims:errors.serials" })).max(1000, "validation.tooLong"),
            { error: "claims:errors.serials" },
          )
          .max(MAX_CLAIM_QUANTITY, lengthRule("claims:errors.serials"))
          .optional()
          .transform((list) => (list ?? []).map(normaliseSerial).filter((serial) => serial !== "")),
        /** why (a refusal's reason, the credit note's number ...) */
        note: documentNote,
      }),
      { error: "validation.invalid" },
    )
    .min(1, lengthRule("claims:errors.noOutcome"))
    .max(MAX_CLAIM_LINES, lengthRule("claims:errors.tooManyLines"))
    .refine(
      (lines) => new Set(lines.map((line) => line.lineId)).size === lines.length,
      "claims:errors.lineTwice",
    ),
  version,
});
export type ClaimOutcomesInput = z.infer<typeof claimOutcomesSchema>;

/** The list's query (GET /api/supplier-claims): empty values are left out. */
export const claimQuerySchema = z.object({
  status: z
    .enum(CLAIM_STATUSES, { error: "validation.invalid" })
    .nullish()
    .transform((value) => value ?? null),
  supplier: recordId.nullish().transform((value) => value ?? null),
  /** text in the claim's number or its supplier's name */
  q: listSearch,
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

export const claimLineAnswer = z
  .object({
    id,
    productId: id,
    productName: z.string().describe("as the product was named when the claim was made"),
    sku: z.string(),
    tracking: z.enum(TRACKING_MODES),
    unitId: id.nullable().describe("a serial-tracked product's unit (one per line)"),
    serial: z.string().nullable(),
    quantity: z.number().int().positive(),
    unitCost: money.describe("per unit without VAT: the unit's purchase order line's, else the product's"),
    lineTotal: money.describe("quantity x unitCost"),
    note: z.string().nullable(),
    outcome: z.enum(CLAIM_OUTCOMES).nullable().describe("null until the supplier answered"),
    creditedAmount: money.nullable().describe("a credited line's amount without VAT"),
    replacementUnitId: id.nullable().describe("the unit that came in place of a replaced one"),
    replacementSerial: z.string().nullable(),
    outcomeNote: z.string().nullable(),
    outcomeAt: time.nullable(),
    outcomeBy: z.string().nullable(),
  })
  .strict();

export const claimAnswer = z
  .object({
    id,
    number: z.string().describe("CL-2026-000001"),
    status: z.enum(CLAIM_STATUSES),
    supplier: z
      .object({
        id,
        name: z.string(),
        contactName: z.string().nullable(),
        email: z.string().nullable(),
        phone: z.string().nullable(),
      })
      .strict(),
    note: z.string().nullable(),
    totalValue: money.describe("the lines' value without VAT"),
    creditedTotal: money.describe("what the supplier credited so far, without VAT"),
    createdBy: z.string().nullable(),
    createdAt: time,
    sentAt: time.nullable(),
    sentTo: z.string().nullable().describe("the address it was e-mailed to; null when sent without e-mail"),
    emailStatus: z
      .enum(["pending", "sent", "failed"])
      .nullable()
      .describe("the outbox's state of that e-mail"),
    closedAt: time.nullable().describe("when the last line got its outcome"),
    lines: z.array(claimLineAnswer),
    version: z.number().int().describe("send it back with a change: a stale one answers 409"),
  })
  .strict();

export const claimListRowAnswer = z
  .object({
    id,
    number: z.string(),
    status: z.enum(CLAIM_STATUSES),
    supplierId: id,
    supplierName: z.string(),
    units: z.number().int().describe("the units claimed"),
    totalValue: money,
    creditedTotal: money,
    createdAt: time,
  })
  .strict();

export const claimListAnswer = z
  .object({ claims: z.array(claimListRowAnswer), total: z.number().int() })
  .strict();

const defectiveProductAnswer = z
  .object({
    productId: id,
    productName: z.string(),
    sku: z.string(),
    tracking: z.enum(TRACKING_MODES),
    quantity: z.number().int().positive().describe("defective and on no draft claim"),
    value: money.describe("quantity at purchase cost, without VAT"),
    serials: z.array(z.string()).describe("a serial-tracked product's defective units"),
  })
  .strict();

export const defectiveStockAnswer = z
  .object({
    suppliers: z.array(
      z
        .object({
          supplierId: id,
          supplierName: z.string(),
          email: z.string().nullable(),
          units: z.number().int(),
          value: money.describe("without VAT"),
          products: z.array(defectiveProductAnswer),
        })
        .strict(),
    ),
  })
  .strict();

export type SupplierClaimRow = z.output<typeof claimAnswer>;
export type SupplierClaimLineRow = z.output<typeof claimLineAnswer>;
export type SupplierClaimListRow = z.output<typeof claimListRowAnswer>;
export type DefectiveStockRow = z.output<typeof defectiveStockAnswer>["suppliers"][number];
