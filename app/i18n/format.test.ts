import { describe, expect, test } from "vitest";
import { formatters } from "./format";

describe("formatting per language", () => {
  test("Finnish money has a space as thousands separator, a decimal comma and the euro sign after", () => {
    expect(formatters("fi").money("1234.5")).toBe("1\u00a0234,50\u00a0€");
  });

  test("English money has the euro sign first", () => {
    expect(formatters("en").money(1234.5)).toBe("€1,234.50");
  });

  test("percentages and dates follow the language", () => {
    expect(formatters("fi").percent(20)).toBe("20,0\u00a0%");
    expect(formatters("fi").date("2026-11-22T12:00:00Z")).toBe("22.11.2026");
    expect(formatters("en").percent(12.34)).toBe("12.3%");
  });

  test("a VAT rate reads as people write it", () => {
    expect(formatters("fi").rate("25.50")).toBe("25,5\u00a0%");
    expect(formatters("fi").rate(10)).toBe("10\u00a0%");
    expect(formatters("en").rate("13.5")).toBe("13.5%");
  });

  test("a stored decimal goes back into a field as the reader types it", () => {
    expect(formatters("fi").decimalInput("12.90")).toBe("12,90");
    expect(formatters("en").decimalInput("12.90")).toBe("12.90");
    expect(formatters("fi").decimalInput("")).toBe("");
  });

  test("a moment shows its time of day in the shop's time zone, whatever the machine's zone", () => {
    // 12:05 UTC is 14:05 in Helsinki in November.
    expect(formatters("fi").dateTime("2026-11-22T12:05:00Z")).toBe("22.11.2026 klo 14.05");
    expect(formatters("en").dateTime("2026-11-22T12:05:00Z")).toBe("22/11/2026, 14:05");
    // Late in the evening UTC is already the next day in the shop.
    expect(formatters("fi").date("2026-11-22T23:30:00Z")).toBe("23.11.2026");
  });
});

test("a large amount in short: K, then M, then B (fi K€, M€, mrd €)", () => {
  expect(formatters("en").moneyShort("123456.78")).toBe("€123.5K");
  expect(formatters("fi").moneyShort("123456.78")).toBe("123,5\u00a0K€");
  expect(formatters("en").moneyShort("12534959100")).toBe("€12.5B");
  expect(formatters("fi").moneyShort("2500000")).toBe("2,5\u00a0M€");
  expect(formatters("fi").moneyShort("12534959100")).toBe("12,5\u00a0mrd\u00a0€");
});
