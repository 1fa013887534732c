import fc from "fast-check";
import { expect, test } from "vitest";
import { addDays, calendarDayParam, isCalendarDay } from "./calendar-day";

test("a calendar day is a real day written YYYY-MM-DD, from 1900 on", () => {
  for (const day of ["2026-02-28", "2028-02-29", "1900-01-01", "9999-12-31"])
    expect(isCalendarDay(day)).toBe(true);
  for (const text of [
    "2026-02-29", // not a leap year
    "2026-02-30",
    "2026-13-01",
    "0000-01-01", // PostgreSQL has no year 0
    "0001-01-01",
    "1899-12-31",
    "10000-01-01",
    "2026-1-1",
    "2026-01-01T00:00:00Z",
    " 2026-01-01",
    "",
    "01.02.2026",
  ])
    expect(isCalendarDay(text), text).toBe(false);
  expect(calendarDayParam("0000-01-01")).toBeNull();
  expect(calendarDayParam(null)).toBeNull();
  expect(calendarDayParam("2026-11-24")).toBe("2026-11-24");
});

test("adding days crosses months, years and leap days, and back", () => {
  expect(addDays("2026-12-31", 1)).toBe("2027-01-01");
  expect(addDays("2028-02-28", 1)).toBe("2028-02-29");
  expect(addDays("2026-03-01", -1)).toBe("2026-02-28");
  fc.assert(
    fc.property(
      fc.date({ min: new Date("1910-01-01"), max: new Date("9000-01-01"), noInvalidDate: true }),
      fc.integer({ min: -1000, max: 1000 }),
      (date, days) => {
        const day = date.toISOString().slice(0, 10);
        expect(addDays(addDays(day, days), -days)).toBe(day);
        expect(isCalendarDay(addDays(day, days))).toBe(true);
      },
    ),
  );
});
