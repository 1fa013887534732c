import { describe, expect, test } from "vitest";
import { eanCheckDigit, isValidEan } from "./ean";

describe("EAN check digit", () => {
  test("gives the check digit of real EAN-13 and EAN-8 codes", () => {
    expect(eanCheckDigit("400638133393")).toBe(1);
    expect(eanCheckDigit("590123412345")).toBe(7);
    expect(eanCheckDigit("7351353")).toBe(7);
    expect(eanCheckDigit("9638507")).toBe(4);
  });

  test("a sum that is already a multiple of ten gives 0, not 10", () => {
    expect(eanCheckDigit("000000000000")).toBe(0);
    expect(eanCheckDigit("590123412344")).toBe(0);
    expect(eanCheckDigit("400638133390")).toBe(0);
    expect(eanCheckDigit("7351352")).toBe(0);
  });
});

describe("EAN validity", () => {
  test("real EAN-13 and EAN-8 codes are valid", () => {
    expect(isValidEan("4006381333931")).toBe(true);
    expect(isValidEan("5901234123457")).toBe(true);
    expect(isValidEan("9780201379624")).toBe(true);
    expect(isValidEan("73513537")).toBe(true);
    expect(isValidEan("96385074")).toBe(true);
  });

  test("a wrong check digit is invalid", () => {
    expect(isValidEan("4006381333932")).toBe(false);
    expect(isValidEan("4006381333930")).toBe(false);
    expect(isValidEan("73513538")).toBe(false);
  });

  test("two swapped neighbouring digits are caught", () => {
    expect(isValidEan("4006381339331")).toBe(false);
  });

  test("anything but digits is invalid", () => {
    expect(isValidEan("400638133393A")).toBe(false);
    expect(isValidEan("4006381 33931")).toBe(false);
    expect(isValidEan("4006-381333931")).toBe(false);
    expect(isValidEan(" 4006381333931")).toBe(false);
    expect(isValidEan("4006381333931\n")).toBe(false);
    expect(isValidEan("٤٠٠٦٣٨١٣٣٣٩٣١")).toBe(false);
  });

  test("lengths other than 8 and 13 are invalid, even with a right check digit", () => {
    expect(isValidEan("")).toBe(false);
    expect(isValidEan("7351353")).toBe(false);
    expect(isValidEan("040063813339")).toBe(false);
    expect(isValidEan("036000291452")).toBe(false); // a valid UPC-A, 12 digits
    expect(isValidEan("04006381333931")).toBe(false); // 14 digits (GTIN-14)
  });

  test("every check digit the function gives makes a valid code", () => {
    for (const first12 of ["871886300000", "640000000001", "019425312345", "999999999999"]) {
      expect(isValidEan(first12 + eanCheckDigit(first12))).toBe(true);
    }
  });
});
