import { describe, expect, it } from "vitest";
import { imeiProblem, isValidImei, luhnCheckDigit } from "./imei";

describe("IMEI", () => {
  it("accepts 15 digits whose last is the Luhn check digit of the first 14", () => {
    // The example of 3GPP TS 23.003 (and Wikipedia's): 49015420323751 -> check digit 8.
    expect(luhnCheckDigit("49015420323751")).toBe(8);
    expect(isValidImei("490154203237518")).toBe(true);
    expect(isValidImei("356938035643809")).toBe(true);
  });

  it("names a wrong check digit", () => {
    expect(imeiProblem("490154203237517")).toBe("imeiCheckDigit");
    expect(imeiProblem("356938035643808")).toBe("imeiCheckDigit");
  });

  it("names a wrong length or anything but digits", () => {
    expect(imeiProblem("49015420323751")).toBe("imeiLength");
    expect(imeiProblem("4901542032375180")).toBe("imeiLength");
    expect(imeiProblem("49015420323751A")).toBe("imeiLength");
    expect(imeiProblem("")).toBe("imeiLength");
  });

  it("computes check digits that wrap to 0", () => {
    const first = "35000000000000";
    const digit = luhnCheckDigit(first);
    expect(isValidImei(`${first}${digit}`)).toBe(true);
    expect(isValidImei(`${first}${(digit + 1) % 10}`)).toBe(false);
  });
});
