import { describe, expect, test } from "vitest";
import type { SalesFigures, SalesReport } from "./sales-report.server";
import { salesReportFile, salesReportFileName } from "./sales-report-file.server";

const figures = (
  sales: string,
  cost: string,
  margin: string,
  marginPercent: number | null,
): SalesFigures => ({
  sales,
  cost,
  margin,
  marginPercent,
  units: marginPercent === null ? 0 : 3,
  orders: marginPercent === null ? 0 : 1,
});

const byDay: SalesReport = {
  query: { from: "2026-11-01", to: "2026-11-02", group: "day", breakdown: "none" },
  periods: [
    { period: "2026-11-01", ...figures("1234.50", "1000.00", "234.50", 19), groups: [] },
    { period: "2026-11-02", ...figures("0.00", "0.00", "0.00", null), groups: [] },
  ],
  total: figures("1234.50", "1000.00", "234.50", 19),
};

const byCategory: SalesReport = {
  query: { from: "2026-11-01", to: "2026-11-30", group: "month", breakdown: "category" },
  periods: [
    {
      period: "2026-11-01",
      ...figures("300.00", "200.00", "100.00", 33.3),
      groups: [
        { key: "4", name: "=HYPERLINK(1)", ...figures("200.00", "150.00", "50.00", 25) },
        { key: "0", name: null, ...figures("100.00", "50.00", "50.00", 50) },
      ],
    },
  ],
  total: figures("300.00", "200.00", "100.00", 33.3),
};

describe("the sales report file", () => {
  test("standard CSV: commas, '.' decimals, ISO days, the keys as headers, every period and a total line", () => {
    expect(salesReportFile(byDay, "csv", "fi")).toBe(
      [
        "period,salesExclVat,costExclVat,grossMargin,marginPercent,units,orders",
        "2026-11-01,1234.50,1000.00,234.50,19.0,3,1",
        "2026-11-02,0.00,0.00,0.00,,0,0",
        "Total,1234.50,1000.00,234.50,19.0,3,1",
        "",
      ].join("\n"),
    );
  });

  test("Excel (Finnish): BOM, semicolons, decimal commas, d.m.yyyy, headers in the interface language", () => {
    expect(salesReportFile(byDay, "excel", "fi")).toBe(
      `\uFEFF${[
        "Jakso;Myynti (alv 0 %);Hankintahinta (alv 0 %);Kate (€);Kateprosentti;Myydyt kappaleet;Tilaukset",
        "1.11.2026;1234,50;1000,00;234,50;19,0;3;1",
        "2.11.2026;0,00;0,00;0,00;;0;0",
        "Yhteensä;1234,50;1000,00;234,50;19,0;3;1",
        "",
      ].join("\r\n")}`,
    );
    expect(salesReportFile(byDay, "excel", "en").split("\r\n")[0]).toBe(
      "\uFEFFPeriod;Sales excl. VAT;Cost excl. VAT;Gross margin;Margin %;Units sold;Orders",
    );
  });

  test("a breakdown writes a row per category that sold, names neutralised, and the total", () => {
    expect(salesReportFile(byCategory, "csv", "en")).toBe(
      [
        "period,category,salesExclVat,costExclVat,grossMargin,marginPercent,units,orders",
        "2026-11-01,'=HYPERLINK(1),200.00,150.00,50.00,25.0,3,1",
        "2026-11-01,No category,100.00,50.00,50.00,50.0,3,1",
        "Total,,300.00,200.00,100.00,33.3,3,1",
        "",
      ].join("\n"),
    );
    expect(salesReportFile(byCategory, "excel", "fi")).toContain("1.11.2026;Ei tuoteryhmää;100,00");
  });

  test("the file is named after the report's title in the interface language and its days", () => {
    expect(salesReportFileName(byCategory, "fi")).toBe("Myynti 2026-11-01\u20132026-11-30.csv");
    expect(salesReportFileName(byCategory, "en")).toBe("Sales 2026-11-01\u20132026-11-30.csv");
  });
});
