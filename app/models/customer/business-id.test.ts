import { describe, expect, test } from "vitest";
import { parseBusinessId } from "./business-id";

// Check digits worked by hand (weights 7, 9, 10, 5, 8, 4, 2; remainder mod 11):
//   Nokia Oyj 0112038-9: 0x7 + 1x9 + 1x10 + 2x5 + 0x8 + 3x4 + 8x2 = 57;  57 mod 11 = 2; 11 - 2 = 9
//   Kesko Oyj 0109862-8: 0x7 + 1x9 + 0x10 + 9x5 + 8x8 + 6x4 + 2x2 = 146; 146 mod 11 = 3; 11 - 3 = 8
const nokia = { ok: true, businessId: "0112038-9", vatNumber: "FI01120389" };
const kesko = { ok: true, businessId: "0109862-8", vatNumber: "FI01098628" };

describe("Finnish business ID (Y-tunnus)", () => {
  test("published business IDs are accepted, with their VAT numbers", () => {
    expect(parseBusinessId("0112038-9")).toEqual(nokia);
    expect(parseBusinessId("0109862-8")).toEqual(kesko);
  });

  test("spaces around are ignored", () => {
    expect(parseBusinessId("  0112038-9 ")).toEqual(nokia);
    expect(parseBusinessId("\t0109862-8\n")).toEqual(kesko);
  });

  test("the older six-digit form gets its leading zero", () => {
    expect(parseBusinessId("112038-9")).toEqual(nokia);
    expect(parseBusinessId("109862-8")).toEqual(kesko);
  });

  test("an EU VAT number gives its business ID", () => {
    expect(parseBusinessId("FI01120389")).toEqual(nokia);
    expect(parseBusinessId(" fi01098628 ")).toEqual(kesko);
  });

  test("a remainder of 0 has check digit 0", () => {
    // constructed: 1x7 + 0 + 0 + 0 + 0 + 0 + 2x2 = 11; 11 mod 11 = 0
    expect(parseBusinessId("1000002-0")).toEqual({
      ok: true,
      businessId: "1000002-0",
      vatNumber: "FI10000020",
    });
  });

  test("a wrong check digit is refused as such", () => {
    for (const id of ["0112038-8", "0112038-0", "0109862-9", "112038-1", "FI01120388", "FI01098620"]) {
      expect(parseBusinessId(id), id).toEqual({ ok: false, reason: "checkDigit" });
    }
  });

  test("seven digits whose remainder is 1 have no valid check digit", () => {
    // constructed: 1x7 + 0 + 0 + 0 + 0 + 0 + 8x2 = 23; 23 mod 11 = 1
    for (let check = 0; check <= 9; check++) {
      expect(parseBusinessId(`1000008-${check}`)).toEqual({ ok: false, reason: "checkDigit" });
    }
  });

  test("anything else is a format error", () => {
    for (const text of [
      "",
      "01120389", // no hyphen
      "0112038 9",
      "0112038-",
      "12345-6", // five digits
      "01120389-9", // eight digits
      "0112038-98",
      "O112038-9", // letter O
      "FI0112038-9",
      "FI0112038", // seven digits
      "SE556012345601",
      "0112 038-9",
      "-0112038-9",
    ]) {
      expect(parseBusinessId(text), JSON.stringify(text)).toEqual({ ok: false, reason: "format" });
    }
  });
});
