import { describe, expect, test } from "vitest";
import { eanCheckDigit } from "~/models/ean";
import { labelBarcode, unitPrice } from "./label-facts";

describe("unit price", () => {
  test("a 5 m cable at 14,90 € costs 2,98 € a metre", () => {
    expect(unitPrice("14.90", "m", "5")).toBe(298);
  });

  test("rounds to whole cents, half up", () => {
    expect(unitPrice("10.00", "kg", "3")).toBe(333); // 333.33...
    expect(unitPrice("0.05", "l", "2")).toBe(3); // 2.5 -> 3
    expect(unitPrice("1.00", "l", "0.75")).toBe(133); // 133.33...
    expect(unitPrice("2.00", "l", "0,75")).toBe(267); // a decimal comma too; 266.66...
  });

  test("a product sold by the piece, or without a quantity, has none", () => {
    expect(unitPrice("14.90", null, "5")).toBeNull();
    expect(unitPrice("14.90", "m", null)).toBeNull();
    expect(unitPrice("14.90", "m", "0")).toBeNull();
    expect(unitPrice("14.90", "m", "five")).toBeNull();
  });
});

describe("the label's barcode", () => {
  const ean13 = `641718200345${eanCheckDigit("641718200345")}`;

  test("a valid EAN-13 is printed as EAN-13, an EAN-8 as EAN-8", () => {
    expect(labelBarcode({ ean: ean13, sku: "SKU-1" })).toEqual({ kind: "ean13", text: ean13 });
    expect(labelBarcode({ ean: "73513537", sku: "SKU-1" })).toEqual({ kind: "ean8", text: "73513537" });
  });

  test("an EAN with a wrong check digit falls back to the SKU in Code 128", () => {
    const wrong = ean13.slice(0, 12) + ((Number(ean13[12]) + 1) % 10);
    expect(labelBarcode({ ean: wrong, sku: "CAB-HDMI-5M" })).toEqual({
      kind: "code128",
      text: "CAB-HDMI-5M",
    });
    expect(labelBarcode({ ean: null, sku: "CAB-HDMI-5M" })).toEqual({ kind: "code128", text: "CAB-HDMI-5M" });
  });

  test("without an EAN and a SKU there is no barcode", () => {
    expect(labelBarcode({ ean: null, sku: "" })).toBeNull();
    expect(labelBarcode({ ean: "", sku: "  " })).toBeNull();
  });

  test("a SKU Code 128 cannot hold (letters outside ASCII) gives no barcode", () => {
    expect(labelBarcode({ ean: null, sku: "KÄÄPIÖ-1" })).toBeNull();
  });
});
