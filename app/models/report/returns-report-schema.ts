import { z } from "zod/v4";
import { addDays, isCalendarDay } from "~/models/calendar-day";
import { RETURN_REASONS } from "~/models/customer-return/customer-return-state";
import { typeMessages } from "~/models/zod-messages";
import {
  RETURNS_DEFAULT_DAYS,
  RETURNS_FILE_FORMATS,
  RETURNS_GROUPINGS,
  type ReturnsFileFormat,
  type ReturnsReportQuery,
} from "./returns-report";

/**
 * The return figures' query string (GET /reports/returns, its download and GET
 * /api/reports/returns): parsed, defaulted, checked; and the API's answer.
 */

const day = z
  .string(typeMessages({ invalid: "returns-report:errors.day" }))
  .refine(isCalendarDay, "returns-report:errors.day")
  .describe("a shop day, YYYY-MM-DD (Europe/Helsinki)");

/** GET /api/reports/returns: empty values are left out (the defaults). */
export const returnsReportQuerySchema = z.object({
  from: day.optional().describe("the first day (default: 89 days before the last)"),
  to: day.optional().describe("the last day (default: today, or the first day when it is later)"),
  by: z
    .enum(RETURNS_GROUPINGS, { message: "returns-report:errors.by" })
    .optional()
    .describe("the grouping (default: product)"),
});

/** The page's and the download's parameters: the API's and the file's format. */
const returnsReportSearchSchema = returnsReportQuerySchema.extend({
  format: z.enum(RETURNS_FILE_FORMATS, { message: "returns-report:errors.format" }).optional(),
});

export type ReturnsReportField = keyof z.infer<typeof returnsReportSearchSchema>;
export type ReturnsReportErrors = Partial<Record<ReturnsReportField, string[]>>;

export type ParsedReturnsReport =
  | { ok: true; query: ReturnsReportQuery; format: ReturnsFileFormat | null }
  | { ok: false; errors: ReturnsReportErrors };

/**
 * The report's question from the query string: empty fields take their defaults (the last 90 days
 * up to `today`, by product); anything else that is not a valid choice is refused with a message
 * for its field, and so is a range that ends before it starts.
 */
export function parseReturnsReportSearch(params: URLSearchParams, today: string): ParsedReturnsReport {
  const raw: Record<string, string> = {};
  for (const key of ["from", "to", "by", "format"] as const) {
    const value = params.get(key);
    if (value !== null && value !== "") raw[key] = value;
  }
  const parsed = returnsReportSearchSchema.safeParse(raw);
  if (!parsed.success) return { ok: false, errors: errorsOf(parsed.error) };
  const { from, to, by = "product", format = null } = parsed.data;
  const end = to ?? (from && from > today ? from : today);
  const start = from ?? addDays(end, -(RETURNS_DEFAULT_DAYS - 1));
  if (start > end) return { ok: false, errors: { to: ["returns-report:errors.order"] } };
  return { ok: true, query: { from: start, to: end, by }, format };
}

function errorsOf(error: z.ZodError): ReturnsReportErrors {
  const errors: ReturnsReportErrors = {};
  for (const issue of error.issues) {
    const field = issue.path[0] as ReturnsReportField;
    errors[field] = [...(errors[field] ?? []), issue.message];
  }
  return errors;
}

// ---------------------------------------------------------------------------------------------
// The API's answer

const money = z
  .string()
  .regex(/^-?\d+\.\d{2}$/)
  .describe("euros, VAT included, two decimals");
const percent = z.number().describe("percent, one decimal");

const figures = {
  returnedUnits: z.number().int().describe("units on the lines of returns completed in the period"),
  sharePercent: percent.nullable().describe("the row's part of all returned units (null: none returned)"),
  refunded: money.describe("the refunded lines' amounts"),
  soldUnits: z
    .number()
    .int()
    .nullable()
    .describe("units on the lines of orders shipped in the period (null: grouped by reason)"),
  returnRatePercent: percent
    .nullable()
    .describe("returned units / sold units (null: grouped by reason, or nothing sold in the period)"),
};

export const returnsReportRowAnswer = z
  .object({
    key: z
      .string()
      .describe(
        "the reason's code, the product's or supplier's id, or the brand in lower case ('': no brand)",
      ),
    reason: z.enum(RETURN_REASONS).nullable().describe("grouped by reason: the reason"),
    productId: z.number().int().positive().nullable().describe("grouped by product: its id"),
    sku: z.string().nullable().describe("grouped by product: its SKU"),
    supplierId: z.number().int().positive().nullable().describe("grouped by supplier: its id"),
    name: z
      .string()
      .nullable()
      .describe("the product's, brand's or supplier's name (null: grouped by reason, or no brand)"),
    ...figures,
  })
  .strict();

export const returnsReportAnswer = z
  .object({
    from: z.string().describe("the first day, YYYY-MM-DD"),
    to: z.string().describe("the last day, YYYY-MM-DD"),
    by: z.enum(RETURNS_GROUPINGS),
    rows: z
      .array(returnsReportRowAnswer)
      .describe("the groups with units returned, most returned units first, then the highest rate"),
    total: z
      .object({
        returns: z.number().int().describe("returns completed in the period"),
        ...figures,
        soldUnits: z.number().int().describe("units of every order shipped in the period"),
        returnRatePercent: percent.nullable().describe("all returned units / all sold units"),
      })
      .strict(),
  })
  .strict();

export type ReturnsReport = z.output<typeof returnsReportAnswer>;
export type ReturnsReportRow = z.output<typeof returnsReportRowAnswer>;
export type ReturnsReportTotal = ReturnsReport["total"];
