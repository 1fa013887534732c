import { describe, expect, test } from "vitest";
import { campaignStatus, todayIn } from "./campaign-status";

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
