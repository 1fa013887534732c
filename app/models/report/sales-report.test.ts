import { describe, expect, test } from "vitest";
import { netSalesMargin } from "~/models/margin";
import { isoWeek, periodCount, periodEnd, periodStart, salesReportSearch } from "./sales-report";
import { parseSalesReportSearch } from "./sales-report-schema";

const search = (query: string) => parseSalesReportSearch(new URLSearchParams(query), "2026-11-23");

describe("sales report periods", () => {
  test("a week starts on Monday and a month on the 1st; their last days", () => {
    expect(periodStart("2026-11-23", "week")).toBe("2026-11-23"); // a Monday
    expect(periodStart("2026-11-29", "week")).toBe("2026-11-23"); // a Sunday
    expect(periodStart("2026-11-01", "week")).toBe("2026-10-26");
    expect(periodStart("2026-11-23", "month")).toBe("2026-11-01");
    expect(periodEnd("2026-11-23", "week")).toBe("2026-11-29");
    expect(periodEnd("2026-02-01", "month")).toBe("2026-02-28");
    expect(periodEnd("2028-02-01", "month")).toBe("2028-02-29");
    expect(periodEnd("2026-12-01", "month")).toBe("2026-12-31");
  });

  test("ISO weeks: the week with the year's first Thursday is week 1", () => {
    expect(isoWeek("2026-11-23")).toEqual({ year: 2026, week: 48 });
    expect(isoWeek("2025-12-29")).toEqual({ year: 2026, week: 1 });
    expect(isoWeek("2027-01-01")).toEqual({ year: 2026, week: 53 });
    expect(isoWeek("2027-01-04")).toEqual({ year: 2027, week: 1 });
  });

  test("a range's periods count the partial first and last ones", () => {
    expect(periodCount("2026-10-25", "2026-11-23", "day")).toBe(30);
    expect(periodCount("2026-11-01", "2026-11-30", "week")).toBe(6);
    expect(periodCount("2026-10-28", "2027-01-02", "month")).toBe(4);
  });
});

describe("the sales report's query", () => {
  test("empty fields take the defaults: the last 30 days up to today, by day, no breakdown", () => {
    expect(search("")).toEqual({
      ok: true,
      query: { from: "2026-10-25", to: "2026-11-23", group: "day", breakdown: "none" },
      format: null,
    });
    expect(search("from=&to=&group=&breakdown=")).toEqual(search(""));
    expect(search("from=2026-11-01&group=week&breakdown=brand&format=excel")).toEqual({
      ok: true,
      query: { from: "2026-11-01", to: "2026-11-23", group: "week", breakdown: "brand" },
      format: "excel",
    });
  });

  test("a query string round-trips", () => {
    const parsed = search("from=2026-01-01&to=2026-06-30&group=month&breakdown=category");
    if (!parsed.ok) throw new Error("refused");
    expect(search(salesReportSearch(parsed.query, "csv"))).toEqual({ ...parsed, format: "csv" });
  });

  test("bad values are refused with a message for their field", () => {
    expect(search("from=2026-02-30&group=year&breakdown=colour&format=pdf")).toEqual({
      ok: false,
      errors: {
        from: ["sales-report:errors.day"],
        group: ["sales-report:errors.group"],
        breakdown: ["sales-report:errors.breakdown"],
        format: ["sales-report:errors.format"],
      },
    });
    // PostgreSQL has no year 0: such a day is refused before it reaches the database.
    expect(search("from=0000-01-01&to=0000-02-01")).toMatchObject({
      ok: false,
      errors: { from: ["sales-report:errors.day"] },
    });
    expect(search("to=99999-01-01").ok).toBe(false);
    expect(search("from=2026-11-10&to=2026-11-01")).toEqual({
      ok: false,
      errors: { to: ["sales-report:errors.order"] },
    });
  });

  test("more than 400 periods asks for a shorter range or a longer grouping", () => {
    expect(search("from=2025-01-01&to=2026-11-23").ok).toBe(false);
    expect(search("from=2025-01-01&to=2026-11-23&group=week").ok).toBe(true);
    expect(search("from=1900-01-01&to=2026-11-23&group=month")).toEqual({
      ok: false,
      errors: { to: ["sales-report:errors.tooLong"] },
    });
  });
});

describe("the margin of net sales", () => {
  test("is profit over net sales, one decimal, and undefined when nothing was sold", () => {
    expect(netSalesMargin(131_000, 98_500)).toBe(24.8);
    expect(netSalesMargin(9_000, 6_000)).toBe(33.3);
    expect(netSalesMargin(100, 150)).toBe(-50);
    expect(netSalesMargin(0, 0)).toBeNull();
    expect(netSalesMargin(0, 500)).toBeNull();
  });
});
