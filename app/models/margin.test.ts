import { describe, expect, test } from "vitest";
import { calculateMargin, marginCategory } from "./margin";

const rate = 25.5;

describe("margin", () => {
  test("purchase 80 VAT inclusive, selling 100: profit 15.94, margin 20.0, high", () => {
    expect(
      calculateMargin({ purchasePrice: "80.00", sellingPrice: "100.00", vatInclusive: true, vatRate: rate }),
    ).toEqual({
      profit: "15.94",
      marginPercentage: 20,
      marginCategory: "high",
      vatInclusive: true,
    });
  });

  test("purchase 80 VAT exclusive, selling 100: profit -0.32, margin -0.4, low", () => {
    expect(
      calculateMargin({ purchasePrice: "80.00", sellingPrice: "100.00", vatInclusive: false, vatRate: rate }),
    ).toEqual({
      profit: "-0.32",
      marginPercentage: -0.4,
      marginCategory: "low",
      vatInclusive: false,
    });
  });

  test("purchase 90 inclusive, selling 100: margin 10.0, medium", () => {
    const result = calculateMargin({
      purchasePrice: "90.00",
      sellingPrice: "100.00",
      vatInclusive: true,
      vatRate: rate,
    });
    expect(result.marginPercentage).toBe(10);
    expect(result.marginCategory).toBe("medium");
  });

  test("a margin a hair under 10 % is low even though it shows as 10.0", () => {
    const result = calculateMargin({
      purchasePrice: "900.01",
      sellingPrice: "1000.00",
      vatInclusive: true,
      vatRate: rate,
    });
    expect(result.marginCategory).toBe("low");
    expect(result.marginPercentage).toBe(10);
  });

  test("a selling price of zero is refused", () => {
    expect(() =>
      calculateMargin({ purchasePrice: "1.00", sellingPrice: "0.00", vatInclusive: true, vatRate: rate }),
    ).toThrow();
  });

  test("categories from a percentage: below 10 low, 10 to under 20 medium, 20 and up high", () => {
    expect([9.99, 10, 19.99, 20].map(marginCategory)).toEqual(["low", "medium", "medium", "high"]);
  });
});
