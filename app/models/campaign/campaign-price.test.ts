import { describe, expect, test } from "vitest";
import { parsePercent } from "~/models/money";
import { campaignPrice } from "./campaign-price";

describe("campaign price", () => {
  test("15 % off 199.90 is 169.92 (rounded to the cent)", () => {
    expect(campaignPrice("199.90", { kind: "percent", value: "15" })).toBe("169.92");
  });

  test("a decimal comma works for percents and prices", () => {
    expect(campaignPrice("100.00", { kind: "percent", value: "12,5" })).toBe("87.50");
    expect(campaignPrice("100.00", { kind: "price", value: "79,90" })).toBe("79.90");
  });

  test("percents outside 0-100 or malformed give nothing", () => {
    expect(parsePercent("101")).toBeNull();
    expect(parsePercent("-5")).toBeNull();
    expect(parsePercent("abc")).toBeNull();
    expect(parsePercent("100")).toBe(10_000);
  });
});
