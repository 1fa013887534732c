import { describe, expect, test } from "vitest";
import {
  fromCents,
  MAX_MONEY,
  moneyProblem,
  parseMoney,
  parsePercent,
  percentProblem,
  timesQuantity,
  toCents,
} from "./money";

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

describe("what is wrong with an amount", () => {
  test("says negative, too large, too many decimals or not a number, in that order", () => {
    expect(moneyProblem("-5")).toBe("negative");
    expect(moneyProblem("-5,123")).toBe("negative");
    expect(moneyProblem("99999999999")).toBe("tooLarge");
    expect(moneyProblem("123456789,5")).toBe("tooLarge");
    expect(moneyProblem("12,345")).toBe("decimals");
    expect(moneyProblem("12 euros")).toBe("format");
    expect(moneyProblem(1e21)).toBe("format");
    expect(moneyProblem("12,3,4")).toBe("format");
  });

  test("accepts exactly what parseMoney accepts, up to 99 999 999,99", () => {
    for (const good of ["0", "12,5", "1 234,50", "99999999.99", 7]) {
      expect(moneyProblem(good)).toBeNull();
      expect(parseMoney(good)).not.toBeNull();
    }
    expect(parseMoney(MAX_MONEY)).toBe("99999999.99");
  });

  test("a percentage is 0 to 100 with at most two decimals", () => {
    expect(parsePercent("12,5")).toBe(1250);
    expect(parsePercent("100")).toBe(10_000);
    expect(percentProblem("100,01")).toBe("tooLarge");
    expect(percentProblem("1000")).toBe("tooLarge");
    expect(percentProblem("-1")).toBe("negative");
    expect(percentProblem("12,345")).toBe("decimals");
    expect(percentProblem("lots")).toBe("format");
    expect(parsePercent("-1")).toBeNull();
  });
});

test("an amount times a quantity is exact, with no float drift", () => {
  expect(timesQuantity("0.10", 3)).toBe("0.30");
  expect(timesQuantity("19.90", 3)).toBe("59.70");
  expect(timesQuantity("99999999.99", 1000)).toBe("99999999990.00");
  expect(timesQuantity("1.15", 0)).toBe("0.00");
});
