import { describe, expect, test } from "vitest";
import { campaignStatus, startOfDayIn, todayIn } from "./campaign-status";

const today = "2026-11-22";

describe("campaign status", () => {
  test("starting tomorrow is upcoming, ended yesterday is expired, running today is active", () => {
    expect(campaignStatus({ isActive: true, startDate: "2026-11-23", endDate: "2026-12-01" }, today)).toBe(
      "upcoming",
    );
    expect(campaignStatus({ isActive: true, startDate: "2026-11-01", endDate: "2026-11-21" }, today)).toBe(
      "expired",
    );
    expect(campaignStatus({ isActive: true, startDate: "2026-11-22", endDate: "2026-11-22" }, today)).toBe(
      "active",
    );
  });

  test("a switched-off campaign is inactive whatever its dates", () => {
    expect(campaignStatus({ isActive: false, startDate: "2026-11-01", endDate: "2026-12-01" }, today)).toBe(
      "inactive",
    );
  });

  test("today is the calendar day in the shop's time zone", () => {
    const lateEvening = new Date("2026-11-22T22:30:00Z"); // already the 23rd in Helsinki
    expect(todayIn("Europe/Helsinki", lateEvening)).toBe("2026-11-23");
    expect(todayIn("UTC", lateEvening)).toBe("2026-11-22");
  });
});

describe("campaign dates", () => {
  test("a day that does not exist, a year out of range or another format is refused; end before start too", async () => {
    const { campaignSchema } = await import("./campaign-schema");
    const base = { name: "X", startDate: "2026-11-22", endDate: "2026-11-30" };
    expect(campaignSchema.safeParse(base).success).toBe(true);
    for (const change of [
      { startDate: "2026-02-30" },
      { startDate: "0000-01-01" },
      { startDate: "22.11.2026" },
      { endDate: "2026-11-21" },
    ]) {
      expect(campaignSchema.safeParse({ ...base, ...change }).success, JSON.stringify(change)).toBe(false);
    }
  });
});

describe("the first moment of a day in the shop's time zone", () => {
  test("is midnight in Helsinki in winter (UTC+2) and in summer (UTC+3), and on the days the clocks turn", () => {
    expect(startOfDayIn("2026-11-22", "Europe/Helsinki").toISOString()).toBe("2026-11-21T22:00:00.000Z");
    expect(startOfDayIn("2026-07-01", "Europe/Helsinki").toISOString()).toBe("2026-06-30T21:00:00.000Z");
    expect(startOfDayIn("2026-03-29", "Europe/Helsinki").toISOString()).toBe("2026-03-28T22:00:00.000Z");
    expect(startOfDayIn("2026-10-25", "Europe/Helsinki").toISOString()).toBe("2026-10-24T21:00:00.000Z");
    expect(startOfDayIn("2026-11-22", "UTC").toISOString()).toBe("2026-11-22T00:00:00.000Z");
  });

  test("is the day todayIn names from that moment on", () => {
    const start = startOfDayIn("2026-03-29", "Europe/Helsinki");
    expect(todayIn("Europe/Helsinki", start)).toBe("2026-03-29");
    expect(todayIn("Europe/Helsinki", new Date(start.getTime() - 1))).toBe("2026-03-28");
  });
});
