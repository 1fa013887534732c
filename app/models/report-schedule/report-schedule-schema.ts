import { z } from "zod/v4";
import type { FileFormat } from "~/models/report/file-format";
import type { SalesGrouping } from "~/models/report/sales-report";
import { typeMessages } from "~/models/zod-messages";
import {
  SALES_RANGES,
  type SalesRange,
  SCHEDULE_FORMATS,
  SCHEDULE_FREQUENCIES,
  SCHEDULE_GROUPINGS,
  SCHEDULED_REPORTS,
  type ScheduledReport,
  type ScheduleFrequency,
} from "./report-schedule";

/** An empty form field (or JSON null) is "not given". */
const blank = (value: unknown) => (value === "" || value === null ? undefined : value);

/** A whole number as a form sends it ("3") or JSON does (3). */
const wholeNumber = (message: string) =>
  z.preprocess(
    blank,
    z
      .union([z.number(), z.string()], typeMessages({ invalid: message }))
      .transform((value, ctx) => {
        const text = String(value).trim();
        if (!/^\d{1,9}$/.test(text)) {
          ctx.addIssue({ code: "custom", message });
          return z.NEVER;
        }
        return Number(text);
      })
      .optional(),
  );

const choice = <T extends readonly [string, ...string[]]>(values: T, message: string) =>
  z.enum(values, { error: message });

/**
 * A new schedule from the form on /reports. Every field the form shows is sent, also those that
 * do not apply (a weekday for a daily schedule, a category for the sales report): those are
 * ignored, the others checked. Messages are i18n keys.
 */
export const reportScheduleSchema = z
  .object({
    report: choice(SCHEDULED_REPORTS, "reports:schedules.errors.report"),
    format: choice(SCHEDULE_FORMATS, "reports:schedules.errors.format"),
    frequency: choice(SCHEDULE_FREQUENCIES, "reports:schedules.errors.frequency"),
    weekday: wholeNumber("reports:schedules.errors.weekday"),
    categoryId: wholeNumber("reports:schedules.errors.category"),
    salesGroup: z.preprocess(
      blank,
      choice(SCHEDULE_GROUPINGS, "reports:schedules.errors.salesGroup").optional(),
    ),
    salesDays: wholeNumber("reports:schedules.errors.salesDays"),
  })
  .superRefine((value, ctx) => {
    if (value.frequency === "weekly" && !(value.weekday && value.weekday >= 1 && value.weekday <= 7))
      ctx.addIssue({ code: "custom", path: ["weekday"], message: "reports:schedules.errors.weekday" });
    if (value.report !== "sales" && value.categoryId === 0)
      ctx.addIssue({ code: "custom", path: ["categoryId"], message: "reports:schedules.errors.category" });
    if (value.report === "sales") {
      if (!value.salesGroup)
        ctx.addIssue({
          code: "custom",
          path: ["salesGroup"],
          message: "reports:schedules.errors.salesGroup",
        });
      if (!SALES_RANGES.includes(value.salesDays as SalesRange))
        ctx.addIssue({ code: "custom", path: ["salesDays"], message: "reports:schedules.errors.salesDays" });
    }
  })
  .transform(
    (value): ScheduleInput => ({
      report: value.report,
      format: value.format,
      frequency: value.frequency,
      weekday: value.frequency === "weekly" ? (value.weekday ?? null) : null,
      categoryId: value.report === "sales" ? null : (value.categoryId ?? null),
      salesGroup: value.report === "sales" ? (value.salesGroup ?? null) : null,
      salesDays: value.report === "sales" ? ((value.salesDays as SalesRange) ?? null) : null,
    }),
  );

/** A schedule to add, with what does not apply to its report and frequency left out (null). */
export type ScheduleInput = {
  report: ScheduledReport;
  format: FileFormat;
  frequency: ScheduleFrequency;
  weekday: number | null;
  categoryId: number | null;
  salesGroup: SalesGrouping | null;
  salesDays: SalesRange | null;
};
