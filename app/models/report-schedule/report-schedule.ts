import { SHOP_TIME_ZONE } from "~/i18n/shop-time-zone";
import { addDays } from "~/models/calendar-day";
import { FILE_FORMATS, type FileFormat } from "~/models/report/file-format";
import { REPORT_TYPES, type ReportType } from "~/models/report/report";
import { SALES_GROUPINGS, type SalesGrouping, type SalesReportQuery } from "~/models/report/sales-report";

/**
 * Reports e-mailed on a schedule (issue #14 item 6): which report, how often, and when it is due.
 * Pure, shared by the page and the job; days are the shop's calendar days ("YYYY-MM-DD").
 */

/** The product reports of the export, and the sales report of /reports/sales. */
export const SCHEDULED_REPORTS = [...REPORT_TYPES, "sales"] as const;
export type ScheduledReport = (typeof SCHEDULED_REPORTS)[number];

export const SCHEDULE_FREQUENCIES = ["daily", "weekly"] as const;
export type ScheduleFrequency = (typeof SCHEDULE_FREQUENCIES)[number];

/** ISO weekdays: 1 is Monday, 7 is Sunday. */
export const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;

/** The sales report covers the last 7 or 30 whole shop days. */
export const SALES_RANGES = [7, 30] as const;
export type SalesRange = (typeof SALES_RANGES)[number];

export const SCHEDULE_FORMATS = FILE_FORMATS;
export const SCHEDULE_GROUPINGS = SALES_GROUPINGS;

/** How many schedules one user may keep. */
export const MAX_SCHEDULES = 20;

/**
 * The largest file an e-mail carries (5 MB, about 25,000 products): mail servers refuse larger
 * messages. A larger report is counted for its totals and the e-mail links to the page instead.
 */
export const MAX_ATTACHMENT_BYTES = 5 * 1024 * 1024;

/** The shop's local time the job sends at (jobs.server.ts has the same time as a cron line). */
export const SEND_TIME = { hour: 6, minute: 30 } as const;

export function isProductReport(report: ScheduledReport): report is ReportType {
  return report !== "sales";
}

/** A schedule as the page lists it and the job reads it. */
export type ScheduleRow = {
  id: number;
  report: ScheduledReport;
  format: FileFormat;
  frequency: ScheduleFrequency;
  /** 1 (Monday) to 7 (Sunday) for a weekly schedule, else null */
  weekday: number | null;
  categoryId: number | null;
  categoryName: string | null;
  salesGroup: SalesGrouping | null;
  salesDays: SalesRange | null;
  active: boolean;
  lastSentAt: string | null;
  createdAt: string;
};

/** The ISO weekday of a day: 1 for Monday ... 7 for Sunday. */
export function isoWeekday(day: string): number {
  return ((new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7) + 1;
}

/** Whether an active schedule sends on this day (before looking at whether it already did). */
export function sendsOn(schedule: Pick<ScheduleRow, "frequency" | "weekday">, day: string): boolean {
  return schedule.frequency === "daily" || schedule.weekday === isoWeekday(day);
}

/**
 * The sales report a schedule sends on a day: the last `days` whole shop days, up to yesterday
 * (the day it is sent on has only begun), without a breakdown.
 */
export function scheduledSalesQuery(today: string, days: number, group: SalesGrouping): SalesReportQuery {
  return { from: addDays(today, -days), to: addDays(today, -1), group, breakdown: "none" };
}

/**
 * The next day an active schedule's e-mail goes out: today when today is one of its days and
 * the morning's run has not yet passed (`beforeSendTime`) and it was not sent today; otherwise
 * the next of its days.
 */
export function nextSendDay(
  schedule: Pick<ScheduleRow, "frequency" | "weekday">,
  today: string,
  { beforeSendTime, sentToday }: { beforeSendTime: boolean; sentToday: boolean },
): string {
  let day = beforeSendTime && !sentToday ? today : addDays(today, 1);
  while (!sendsOn(schedule, day)) day = addDays(day, 1);
  return day;
}

/** Whether the shop's clock at `now` is before the morning's sending (SEND_TIME). */
export function beforeSendTime(now: Date): boolean {
  const parts = new Intl.DateTimeFormat("en-GB", {
    timeZone: SHOP_TIME_ZONE,
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  }).formatToParts(now);
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  return part("hour") * 60 + part("minute") < SEND_TIME.hour * 60 + SEND_TIME.minute;
}
