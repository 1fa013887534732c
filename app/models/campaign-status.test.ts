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
