import { describe, expect, test } from "vitest";
import { fromCents, parseMoney, toCents } from "./money";

describe("money input", () => {
  test("accepts a decimal comma or point and normalises to two decimals", () => {
    expect(parseMoney("12,50")).toBe("12.50");
    expect(parseMoney("12.5")).toBe("12.50");
    expect(parseMoney("1 234,5")).toBe("1234.50");
    expect(parseMoney(7)).toBe("7.00");
    expect(parseMoney("0")).toBe("0.00");
  });

  test("refuses negatives, three decimals, words and empty text", () => {
    for (const bad of ["-1", "12.345", "abc", "", "1e5", "12,3,4", 1.005]) expect(parseMoney(bad)).toBeNull();
  });

  test("cents round-trip", () => {
    expect(toCents("1299.90")).toBe(129990);
    expect(fromCents(129990)).toBe("1299.90");
    expect(fromCents(-32)).toBe("-0.32");
    expect(toCents("-0.32")).toBe(-32);
  });
});
