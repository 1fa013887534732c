import { z } from "zod/v4";
import { optionalPercent, requiredMoney } from "~/models/amount-schema";
import { withoutControlCharacters } from "~/models/clean-text";
import { crossRule, withCrossChecks } from "~/models/cross-check";
import { isValidEan } from "~/models/ean";
import { pageLimit, pageOffset } from "~/models/paging-schema";
import { BELOW_COST_REASON } from "~/models/price/below-cost";
import { belowCostReasonSchema } from "~/models/price/below-cost-schema";
import { EDIT_REASONS, type EditReason } from "~/models/stock/stock-reason";
import { lengthRule, optionalText, typeMessages, whenValid } from "~/models/zod-messages";
import { MEASURE_UNITS, type MeasureUnit } from "./measure";
import { netQuantityProblem, parseNetQuantity } from "./net-quantity";
import { PRODUCT_STATUSES } from "./product-status";
import { MAX_GUARANTEE_MONTHS, TRACKING_MODES, type TrackingMode } from "./tracking";

/**
 * The product schema, shared by the page forms and the JSON API (forms send strings, JSON sends
 * numbers and booleans; both are accepted). Messages are i18n keys.
 */

const requiredText = (max: number) =>
  z
    .string(typeMessages({ required: "validation.required", invalid: "validation.invalid" }))
    .trim()
    .min(1, lengthRule("validation.required"))
    .max(max, lengthRule("validation.tooLong"));

const integerFrom = (message: string) =>
  z
    .union([z.string(), z.number()], typeMessages({ invalid: message }))
    .nullish()
    .transform((value, ctx) => {
      if (value === null || value === undefined || value === "") return 0;
      const text = String(value).trim();
      if (!/^\d{1,9}$/.test(text)) {
        ctx.addIssue({ code: "custom", message });
        return z.NEVER;
      }
      return Number(text);
    });

/** A whole number 0 to 999,999,999, or empty (null): the shop's default. */
const optionalCount = (message: string) =>
  z
    .union([z.string(), z.number()], typeMessages({ invalid: message }))
    .nullish()
    .transform((value, ctx) => {
      if (value === null || value === undefined || value === "") return null;
      const text = String(value).trim();
      if (text === "") return null;
      if (!/^\d{1,9}$/.test(text)) {
        ctx.addIssue({ code: "custom", message });
        return z.NEVER;
      }
      return Number(text);
    });

const flag = z
  .union([z.boolean(), z.enum(["true", "false", "on"])], typeMessages({ invalid: "validation.invalid" }))
  .nullish()
  .transform((v) => (v === null || v === undefined ? true : v === true || v === "true" || v === "on"));

const optionalId = z
  .union([z.string(), z.number()], typeMessages({ invalid: "validation.invalid" }))
  .nullish()
  .transform((value, ctx) => {
    if (value === null || value === undefined || value === "") return null;
    const text = String(value).trim();
    if (!/^\d{1,9}$/.test(text) || Number(text) === 0) {
      ctx.addIssue({ code: "custom", message: "validation.invalid" });
      return z.NEVER;
    }
    return Number(text);
  });

/** Left out (undefined): a change keeps the product's; empty or null: none. */
const measureUnit = z
  .union([z.enum(MEASURE_UNITS), z.literal("")], { error: "products:errors.unit" })
  .nullish()
  .transform((v) => (v === undefined ? undefined : v || null));

/**
 * How much of its unit a product holds: above zero, at most three decimals ("0,75" or 0.75);
 * left out (undefined): a change keeps the product's; empty or null: none.
 */
const netQuantity = z
  .union([z.string(), z.number()], typeMessages({ invalid: "products:errors.netQuantity.format" }))
  .nullish()
  .transform((value, ctx) => {
    if (value === undefined) return undefined;
    if (value === null || (typeof value === "string" && value.trim() === "")) return null;
    const problem = netQuantityProblem(value);
    if (problem) {
      ctx.addIssue({ code: "custom", message: `products:errors.netQuantity.${problem}` });
      return z.NEVER;
    }
    return parseNetQuantity(value) as string;
  });

/** Serial tracking (issue #31); left out (undefined): a change keeps the product's; empty: none. */
const tracking = z
  .union([z.enum(TRACKING_MODES), z.literal("")], { error: "products:errors.tracking" })
  .nullish()
  .transform((v) => (v === undefined ? undefined : v || "none"));

/** Months of guarantee, 0 to 120; left out (undefined): a change keeps the product's; empty: none. */
const guaranteeMonths = z
  .union([z.string(), z.number()], { error: "products:errors.guaranteeMonths" })
  .nullish()
  .transform((value, ctx) => {
    if (value === undefined) return undefined;
    if (value === null) return null;
    const text = String(value).trim();
    if (text === "") return null;
    if (!/^\d{1,3}$/.test(text) || Number(text) > MAX_GUARANTEE_MONTHS) {
      ctx.addIssue({ code: "custom", message: "products:errors.guaranteeMonths" });
      return z.NEVER;
    }
    return Number(text);
  });

export const productFields = z.object({
  name: requiredText(255),
  sku: requiredText(100),
  brand: requiredText(100),
  categoryId: optionalId,
  purchasePrice: requiredMoney("validation.required"),
  sellingPrice: requiredMoney("validation.required", { aboveZero: true }),
  vatInclusive: flag,
  /** The VAT percent of the product's sales; empty keeps the product's rate (the shop's standard one when new). */
  vatRate: optionalPercent(null),
  stockLevel: integerFrom("products:errors.stock"),
  /**
   * An edit that changes the stock level records the difference as a movement of the ledger with
   * this reason (default: adjustment). A new product's level is its opening movement.
   */
  stockReason: z
    .union([z.enum(EDIT_REASONS), z.literal("")], { error: "stock:errors.editReason" })
    .nullish()
    .transform((v) => v || "adjustment"),
  /**
   * The supplier by name (trimmed, any letter case): the write path finds it, or creates it. The
   * API may name it by `supplierId` instead; given both, they must name the same supplier.
   */
  supplier: optionalText(255),
  supplierId: optionalId,
  /** Reorder at this stock level or under; empty: the shop's default (reorder.ts). */
  reorderPoint: optionalCount("products:errors.reorderPoint"),
  /** What a reorder adds above the point; empty: the shop's default. */
  reorderQuantity: optionalCount("products:errors.reorderQuantity"),
  ean: optionalText(14).refine((v) => v === null || isValidEan(v), "products:errors.ean"),
  imageUrl: optionalText(2000).refine(
    (v) => v === null || /^https?:\/\/\S+$/i.test(v),
    "products:errors.imageUrl",
  ),
  barcode: optionalText(100),
  /** A shelf or bin ("A-12"); left out, a change keeps the product's, empty clears it. */
  location: z
    .string(typeMessages({ invalid: "validation.invalid" }))
    .trim()
    .max(50, lengthRule("validation.tooLong"))
    .nullish()
    .transform(whenValid((v) => (v === undefined ? undefined : v || null))),
  status: z
    .enum(PRODUCT_STATUSES, { error: "products:errors.status" })
    .nullish()
    .transform((v) => v ?? "active"),
  /** Sold by measure (issue #30): the unit its label's unit price is per, and how much of it. */
  unit: measureUnit,
  netQuantity,
  /** Serial-tracked (issue #31): none, serial or imei, and the guarantee's months. */
  tracking,
  guaranteeMonths,
  version: optionalId,
});

/** The one rule across two fields: a supplier by name or by id is required. */
function supplierNamed(value: { supplier: string | null; supplierId: number | null }, ctx: z.RefinementCtx) {
  if (!value.supplier && !value.supplierId)
    ctx.addIssue({ code: "custom", path: ["supplier"], message: "validation.required" });
}

/**
 * A unit and a net quantity go together: a unit without a quantity has no unit price, a quantity
 * without a unit says nothing. Both left out (an import or an API client that names neither)
 * keeps the product's.
 */
function measureNamed(
  value: { unit?: MeasureUnit | null; netQuantity?: string | null },
  ctx: z.RefinementCtx,
) {
  if (value.unit && !value.netQuantity)
    ctx.addIssue({ code: "custom", path: ["netQuantity"], message: "products:errors.netQuantity.required" });
  if (value.netQuantity && !value.unit)
    ctx.addIssue({ code: "custom", path: ["unit"], message: "products:errors.unitRequired" });
}

/**
 * A product from the page form, the API or the import: a supplier by name or by id is required,
 * a unit and a net quantity go together.
 */
export const productSchema = withCrossChecks(
  productFields,
  crossRule(productFields, { supplier: true, supplierId: true }, supplierNamed),
  crossRule(productFields, { unit: true, netQuantity: true }, measureNamed),
);

/**
 * The API's body of a product: its fields and `belowCostReason`, an admin's or a manager's reason
 * for a price below cost (below-cost.ts), which the write path asks for.
 */
export const productApiFields = productFields.extend({ [BELOW_COST_REASON]: belowCostReasonSchema });

export const productApiSchema = withCrossChecks(
  productApiFields,
  crossRule(productApiFields, { supplier: true, supplierId: true }, supplierNamed),
  crossRule(productApiFields, { unit: true, netQuantity: true }, measureNamed),
);

/**
 * What the write path takes; the stock's reason only matters to an edit (default: adjustment), a
 * supplier's id only to the API (the others name the supplier).
 */
export type ProductInput = Omit<
  z.infer<typeof productFields>,
  | "stockReason"
  | "supplierId"
  | "location"
  | "reorderPoint"
  | "reorderQuantity"
  | "unit"
  | "netQuantity"
  | "tracking"
  | "guaranteeMonths"
> & {
  stockReason?: EditReason;
  supplierId?: number | null;
  /** left out: a change keeps the product's location */
  location?: string | null;
  /** Left out (undefined): a change keeps the product's; null: the shop's default. */
  reorderPoint?: number | null;
  reorderQuantity?: number | null;
  /**
   * Sold by measure: both or neither (the schema's rule). Both left out: a change keeps the
   * product's; a new product is sold by the piece.
   */
  unit?: MeasureUnit | null;
  /** "5", "0.75": a decimal text, above zero, at most three decimals. */
  netQuantity?: string | null;
  /** Left out: a change keeps the product's; a new product is untracked. */
  tracking?: TrackingMode;
  /** Left out: a change keeps the product's; null: none stated. */
  guaranteeMonths?: number | null;
};

export const PRODUCT_SORT_KEYS = ["newest", "name", "price", "margin", "stock"] as const;
export const MAX_PAGE_SIZE = 1000;

/** The list's query string (page and API); empty values are skipped. */
export const productQuerySchema = z.object({
  search: z
    .string()
    .trim()
    .max(200, lengthRule("validation.tooLong"))
    .nullish()
    .transform(whenValid((v) => v || null)),
  category: optionalId,
  /** The products of one supplier. */
  supplierId: optionalId,
  status: z
    .union([z.enum(PRODUCT_STATUSES), z.literal("")], { error: "products:errors.status" })
    .nullish()
    .transform((v) => v || null),
  sort: z
    .union([z.enum(PRODUCT_SORT_KEYS), z.literal("")], { error: "validation.invalid" })
    .nullish()
    .transform((v) => v || "newest"),
  dir: z
    .union([z.enum(["asc", "desc"]), z.literal("")], { error: "validation.invalid" })
    .nullish()
    .transform((v) => v || undefined),
  limit: pageLimit(undefined, MAX_PAGE_SIZE, "products:errors.limit"),
  offset: pageOffset(),
});

export type ProductQuery = z.infer<typeof productQuerySchema>;

/**
 * The /products list's query read from its address, as the page reads it: a bad value in the
 * address bar is ignored (the whole query falls back to the defaults), not an error page. Shelf
 * labels for the list's filters read the same address the same way.
 */
export function productListQuery(params: URLSearchParams): ProductQuery {
  const parsed = productQuerySchema.safeParse(searchParamsObject(params));
  return parsed.success ? parsed.data : productQuerySchema.parse({});
}

/**
 * A query string as an object for a zod schema: empty values left out, control characters taken
 * out (a NUL cannot even reach PostgreSQL; no search or filter means one).
 */
export function searchParamsObject(params: URLSearchParams) {
  return Object.fromEntries(
    [...params.entries()].map(([k, v]) => [k, withoutControlCharacters(v)]).filter(([, v]) => v !== ""),
  );
}
