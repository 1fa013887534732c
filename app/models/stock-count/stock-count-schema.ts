import { z } from "zod/v4";
import { pageLimit, pageOffset } from "~/models/paging-schema";
import { normaliseSerial, parseSerialList } from "~/models/serial/serial-list";
import { lengthRule, optionalRecordId, optionalText, typeMessages, whenValid } from "~/models/zod-messages";
import {
  COUNT_SCOPES,
  COUNT_STATUSES,
  LINE_MODES,
  MAX_COUNTED,
  MAX_LOCATION,
  MAX_NOT_COUNTED_DAYS,
} from "./stock-count";

/**
 * Stock counts' input, shared by the pages (strings) and the API (JSON numbers and booleans).
 * Messages are i18n keys.
 */

const id = optionalRecordId;

/**
 * A counted quantity: a whole number from 0 to MAX_COUNTED; empty is none (a scan adds one).
 * Each mistake says what to do: below zero, not a whole number, a barcode read into the
 * quantity (eight digits or more), more than a product's line may count.
 */
export const countedQuantity = z
  .union([z.string(), z.number()], typeMessages({ invalid: "stock-count:errors.quantity" }))
  .nullish()
  .transform((value, ctx) => {
    if (value === null || value === undefined) return null;
    const text = String(value)
      .trim()
      .replace(/^[−–]/, "-")
      .replace(/[\s\u00a0]/g, "");
    if (text === "") return null;
    const fail = (message: string) => {
      ctx.addIssue({ code: "custom", message });
      return z.NEVER;
    };
    if (/^-\d+([.,]\d+)?$/.test(text)) return fail("stock-count:errors.negative");
    if (!/^\d+$/.test(text)) return fail("stock-count:errors.quantity");
    if (text.replace(/^0+(?=\d)/, "").length >= 8) return fail("stock-count:errors.looksLikeCode");
    if (Number(text) > MAX_COUNTED) return fail("stock-count:errors.tooMany");
    return Number(text);
  });

/** The largest version a count can have (the column is a PostgreSQL integer). */
const MAX_VERSION = 2_147_483_647;

/**
 * The count's version as the caller read it, so that a change made after the count changed is
 * refused as stale (locked.server.ts). Absent or null names none (the change is not checked). The
 * API takes a JSON integer; a page form sends its hidden field's digits (empty: none).
 */
const apiVersion = z
  .number(typeMessages({ invalid: "stock-count:errors.version" }))
  .int("stock-count:errors.version")
  .min(1, "stock-count:errors.version")
  .max(MAX_VERSION, "stock-count:errors.version")
  .nullish()
  .transform((v) => v ?? null);

const formVersion = z
  .string(typeMessages({ invalid: "stock-count:errors.version" }))
  .nullish()
  .transform((value, ctx) => {
    const text = (value ?? "").trim();
    if (text === "") return null;
    if (!/^\d{1,10}$/.test(text) || Number(text) < 1 || Number(text) > MAX_VERSION) {
      ctx.addIssue({ code: "custom", message: "stock-count:errors.version" });
      return z.NEVER;
    }
    return Number(text);
  });

const code = z
  .string(typeMessages({ invalid: "validation.invalid" }))
  .trim()
  .max(100, lengthRule("validation.tooLong"))
  .nullish()
  .transform(whenValid((v) => v || null));

/** A new count: its scope, and for a category or a shelf which one. */
export const newCountSchema = z
  .object({
    scope: z.enum(COUNT_SCOPES, { error: "stock-count:errors.scope" }),
    /** Where it counts (issue #32); none: the staff member's work location. */
    locationId: id("stock-count:errors.location"),
    categoryId: id("stock-count:errors.category"),
    shelf: optionalText(MAX_LOCATION),
    notCountedDays: z
      .union([z.string(), z.number()], typeMessages({ invalid: "stock-count:errors.days" }))
      .nullish()
      .transform((value, ctx) => {
        if (value === null || value === undefined || String(value).trim() === "") return null;
        const text = String(value).trim();
        if (!/^\d{1,4}$/.test(text) || Number(text) < 1 || Number(text) > MAX_NOT_COUNTED_DAYS) {
          ctx.addIssue({ code: "custom", message: "stock-count:errors.days" });
          return z.NEVER;
        }
        return Number(text);
      }),
    note: optionalText(500),
  })
  .superRefine((value, ctx) => {
    if (value.scope === "category" && value.categoryId === null)
      ctx.addIssue({ code: "custom", path: ["categoryId"], message: "stock-count:errors.category" });
    if (value.scope === "shelf" && value.shelf === null)
      ctx.addIssue({ code: "custom", path: ["shelf"], message: "stock-count:errors.shelf" });
  })
  // What does not apply to the scope is dropped (the form without JavaScript sends every field).
  .transform((value) => ({
    ...value,
    categoryId: value.scope === "category" ? value.categoryId : null,
    shelf: value.scope === "shelf" ? value.shelf : null,
  }));

export type NewCountInput = z.infer<typeof newCountSchema>;

/**
 * The count page's scan field: a code (SKU, barcode or EAN) and, optionally, the quantity on the
 * shelf. No quantity adds one unit to the product's line (a scan); a quantity sets it.
 */
export const scanSchema = z.object({
  code: code.refine((v) => v !== null, "stock-count:errors.code"),
  quantity: countedQuantity,
  version: formVersion,
});

/** The lines table's quantity field: what the product's line counts now. */
export const setLineSchema = z.object({
  productId: id("stock-count:errors.productId").refine((v) => v !== null, "stock-count:errors.productId"),
  quantity: countedQuantity.refine((v) => v !== null, "stock-count:errors.quantityRequired"),
  /** The line's counted figure the page showed: a set is refused when the line moved since. */
  previous: countedQuantity,
  version: formVersion,
});

/** The longest serial list a page's box takes, in characters (some 10,000 IMEIs). */
const MAX_SERIALS_TEXT = 200_000;

/**
 * A serial-tracked product's line on the count page (issue #31): its serials found on the shelf,
 * scanned one per line or pasted (serial-list.ts), which replace the line's.
 */
export const serialsFormSchema = z.object({
  productId: id("stock-count:errors.productId").refine((v) => v !== null, "stock-count:errors.productId"),
  serials: z
    .string(typeMessages({ invalid: "stock-count:errors.serials" }))
    .max(MAX_SERIALS_TEXT, lengthRule("stock-count:errors.serialsTooLong"))
    .nullish()
    .transform((text) => parseSerialList(text ?? "")),
  /** The line's counted figure the page showed: refused when the line moved since. */
  previous: countedQuantity,
  version: formVersion,
});

/** The count page's forms that send nothing but the count's version they read (remove a line, cancel). */
export const countVersionFormSchema = z.object({ version: formVersion });

/** DELETE /api/stock-counts/:id/lines/:lineId's optional body: the count's version read. */
export const countVersionSchema = z.object({ version: apiVersion });

/**
 * POST /api/stock-counts/:id/lines: a code or a product id, a quantity and how it applies, and
 * optionally the count's version read.
 */
export const lineApiSchema = z
  .object({
    code,
    productId: id("stock-count:errors.productId"),
    quantity: countedQuantity,
    mode: z
      .enum(LINE_MODES, { error: "stock-count:errors.mode" })
      .nullish()
      .transform((v) => v ?? null),
    /** A set's check: the line's counted figure as read; refused (409) when it moved since. */
    previous: countedQuantity,
    /**
     * A serial-tracked product's serials found on the shelf (issue #31), trimmed and upper-cased;
     * `set` (the default with serials) makes them the line's, `add` adds them. Instead of a quantity.
     */
    serials: z
      .array(
        z.string(typeMessages({ invalid: "stock-count:errors.serials" })).max(1000, "validation.tooLong"),
        {
          error: "stock-count:errors.serials",
        },
      )
      .max(MAX_COUNTED, lengthRule("stock-count:errors.tooMany"))
      .nullish()
      .transform((list) => (list ? list.map(normaliseSerial).filter((serial) => serial !== "") : null)),
    version: apiVersion,
  })
  .superRefine((value, ctx) => {
    if (value.serials !== null && value.quantity !== null)
      ctx.addIssue({ code: "custom", path: ["serials"], message: "stock-count:errors.serialsOrQuantity" });
    if ((value.code === null) === (value.productId === null))
      ctx.addIssue({ code: "custom", path: ["code"], message: "stock-count:errors.codeOrProduct" });
    if (value.mode === "set" && value.quantity === null)
      ctx.addIssue({ code: "custom", path: ["quantity"], message: "stock-count:errors.quantityRequired" });
  });

export type LineApiInput = z.infer<typeof lineApiSchema>;

const flag = z
  .union([z.boolean(), z.enum(["true", "false", "on"])], typeMessages({ invalid: "validation.invalid" }))
  .nullish()
  .transform((v) => v === true || v === "true" || v === "on");

/**
 * POST /api/stock-counts/:id/commit: whether the products in scope nobody counted are set to zero
 * (default: left as they are), and optionally the count's version read.
 */
export const commitSchema = z.object({ zeroUncounted: flag, version: apiVersion });

/** The page's commit: the same choice (its version is read with `countVersionFormSchema`). */
export const commitFormSchema = z.object({ zeroUncounted: flag });

/** GET /api/stock-counts: a page of counts, newest first. */
export const countQuerySchema = z.object({
  status: z
    .union([z.enum(COUNT_STATUSES), z.literal("")], { error: "stock-count:errors.status" })
    .nullish()
    .transform(whenValid((v) => v || null)),
  limit: pageLimit(50, 500, "stock-count:errors.limit"),
  offset: pageOffset(),
});

/** A page of the count's lines (newest first): limit 1-5000, default 1000. */
export const countLinesQuerySchema = z.object({
  limit: pageLimit(1000, 5000, "stock-count:errors.linesLimit"),
  offset: pageOffset(),
});
