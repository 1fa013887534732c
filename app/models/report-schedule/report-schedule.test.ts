import { describe, expect, test } from "vitest";
import { beforeSendTime, isoWeekday, nextSendDay, scheduledSalesQuery, sendsOn } from "./report-schedule";
import { reportScheduleSchema } from "./report-schedule-schema";

describe("when a schedule sends", () => {
  test("weekdays are ISO: Monday 1 ... Sunday 7", () => {
    expect(isoWeekday("2026-11-23")).toBe(1);
    expect(isoWeekday("2026-11-29")).toBe(7);
    expect(sendsOn({ frequency: "weekly", weekday: 7 }, "2026-11-29")).toBe(true);
    expect(sendsOn({ frequency: "weekly", weekday: 7 }, "2026-11-28")).toBe(false);
    expect(sendsOn({ frequency: "daily", weekday: null }, "2026-11-28")).toBe(true);
  });

  test("the next e-mail is today before 6:30 unless sent, else the next of its days", () => {
    const weekly = { frequency: "weekly" as const, weekday: 1 };
    const daily = { frequency: "daily" as const, weekday: null };
    expect(nextSendDay(weekly, "2026-11-23", { beforeSendTime: true, sentToday: false })).toBe("2026-11-23");
    expect(nextSendDay(weekly, "2026-11-23", { beforeSendTime: false, sentToday: false })).toBe("2026-11-30");
    expect(nextSendDay(weekly, "2026-11-23", { beforeSendTime: true, sentToday: true })).toBe("2026-11-30");
    expect(nextSendDay(daily, "2026-12-31", { beforeSendTime: false, sentToday: true })).toBe("2027-01-01");
  });

  test("6:30 is the shop's time, in winter and in summer", () => {
    expect(beforeSendTime(new Date("2026-11-23T06:29:00+02:00"))).toBe(true);
    expect(beforeSendTime(new Date("2026-11-23T06:30:00+02:00"))).toBe(false);
    expect(beforeSendTime(new Date("2026-07-01T06:29:00+03:00"))).toBe(true);
    expect(beforeSendTime(new Date("2026-07-01T03:30:00Z"))).toBe(false); // 6:30 in Helsinki
  });

  test("the sales report is of whole days up to yesterday", () => {
    expect(scheduledSalesQuery("2026-03-01", 30, "month")).toEqual({
      from: "2026-01-30",
      to: "2026-02-28",
      group: "month",
      breakdown: "none",
    });
  });
});

describe("the schedule form", () => {
  const form = (fields: Record<string, string>) =>
    reportScheduleSchema.safeParse({ report: "products", format: "csv", frequency: "daily", ...fields });

  test("choices that do not apply are ignored: a daily schedule's weekday, the sales report's category", () => {
    expect(form({ weekday: "3", categoryId: "12", salesGroup: "week", salesDays: "30" }).data).toEqual({
      report: "products",
      format: "csv",
      frequency: "daily",
      weekday: null,
      categoryId: 12,
      salesGroup: null,
      salesDays: null,
    });
    expect(
      form({
        report: "sales",
        frequency: "weekly",
        weekday: "7",
        categoryId: "12",
        salesGroup: "week",
        salesDays: "30",
      }).data,
    ).toMatchObject({ weekday: 7, categoryId: null, salesGroup: "week", salesDays: 30 });
  });

  test("what does apply is checked, each on its own field", () => {
    const errors = (fields: Record<string, string>) => {
      const parsed = form(fields);
      return parsed.success ? {} : parsed.error.flatten().fieldErrors;
    };
    expect(errors({ frequency: "weekly" })).toEqual({ weekday: ["reports:schedules.errors.weekday"] });
    expect(errors({ frequency: "weekly", weekday: "8" })).toEqual({
      weekday: ["reports:schedules.errors.weekday"],
    });
    expect(errors({ report: "sales", salesGroup: "year", salesDays: "14" })).toEqual({
      salesGroup: ["reports:schedules.errors.salesGroup"],
    });
    expect(errors({ report: "sales", salesGroup: "day", salesDays: "14" })).toEqual({
      salesDays: ["reports:schedules.errors.salesDays"],
    });
    expect(errors({ categoryId: "abc" })).toEqual({ categoryId: ["reports:schedules.errors.category"] });
    expect(errors({ report: "stock", format: "pdf", frequency: "hourly" })).toEqual({
      report: ["reports:schedules.errors.report"],
      format: ["reports:schedules.errors.format"],
      frequency: ["reports:schedules.errors.frequency"],
    });
  });
});
