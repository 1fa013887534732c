import { z } from "zod/v4";
import { addDays, isCalendarDay } from "~/models/calendar-day";
import { typeMessages } from "~/models/zod-messages";
import {
  DEFAULT_DAYS,
  MAX_PERIODS,
  periodCount,
  SALES_BREAKDOWNS,
  SALES_FILE_FORMATS,
  SALES_GROUPINGS,
  type SalesFileFormat,
  type SalesReportQuery,
} from "./sales-report";

/** The sales report's query string (GET /reports/sales and its download): parsed, defaulted, checked. */

/** A form field left empty means "the default". */
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === "" || value === null ? undefined : value), schema.optional());

const dayField = optional(
  z
    .string(typeMessages({ invalid: "sales-report:errors.day" }))
    .refine(isCalendarDay, "sales-report:errors.day"),
);

/** The report's GET parameters; messages are i18n keys. */
export const salesReportSearchSchema = z.object({
  from: dayField,
  to: dayField,
  group: optional(z.enum(SALES_GROUPINGS, { message: "sales-report:errors.group" })),
  breakdown: optional(z.enum(SALES_BREAKDOWNS, { message: "sales-report:errors.breakdown" })),
  format: optional(z.enum(SALES_FILE_FORMATS, { message: "sales-report:errors.format" })),
});

export type SalesReportField = keyof z.infer<typeof salesReportSearchSchema>;
export type SalesReportErrors = Partial<Record<SalesReportField, string[]>>;

export type ParsedSalesReport =
  | { ok: true; query: SalesReportQuery; format: SalesFileFormat | null }
  | { ok: false; errors: SalesReportErrors };

/**
 * The report's question from the query string: empty fields take their defaults (the last 30
 * days up to `today`, by day, no breakdown); anything else that is not a valid choice is refused
 * with a message for its field, and so is a range that ends before it starts or spans more than
 * MAX_PERIODS periods.
 */
export function parseSalesReportSearch(params: URLSearchParams, today: string): ParsedSalesReport {
  const raw = Object.fromEntries(
    (["from", "to", "group", "breakdown", "format"] as const).map((key) => [key, params.get(key)]),
  );
  const parsed = salesReportSearchSchema.safeParse(raw);
  if (!parsed.success) {
    const errors: SalesReportErrors = {};
    for (const issue of parsed.error.issues) {
      const field = issue.path[0] as SalesReportField;
      errors[field] = [...(errors[field] ?? []), issue.message];
    }
    return { ok: false, errors };
  }
  const { from, to, group = "day", breakdown = "none", format = null } = parsed.data;
  const end = to ?? (from && from > today ? from : today);
  const start = from ?? addDays(end, -(DEFAULT_DAYS - 1));
  if (start > end) return { ok: false, errors: { to: ["sales-report:errors.order"] } };
  if (periodCount(start, end, group) > MAX_PERIODS) {
    return { ok: false, errors: { to: ["sales-report:errors.tooLong"] } };
  }
  return { ok: true, query: { from: start, to: end, group, breakdown }, format };
}
