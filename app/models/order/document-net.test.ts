import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { fromCents } from "~/models/money";
import { documentAmounts } from "./document-amounts";
import { lineNet } from "./document-net";

describe("a line's prices without VAT, for a business customer's print", () => {
  test("by hand, half up to the cent", () => {
    // 12.90 / 1.255 = 10.2788... -> 10.28; 38.70 / 1.255 = 30.8366... -> 30.84 (not 3 x 10.28 = 30.84 by luck)
    expect(lineNet({ unitPrice: "12.90", totalPrice: "38.70", vatRate: "25.50" })).toEqual({
      unitPrice: "10.28",
      totalPrice: "30.84",
    });
    // 0.99 / 1.255 = 0.78884... -> 0.79; 7 x 0.99 = 6.93 / 1.255 = 5.5219... -> 5.52 (7 x 0.79 would be 5.53)
    expect(lineNet({ unitPrice: "0.99", totalPrice: "6.93", vatRate: "25.50" })).toEqual({
      unitPrice: "0.79",
      totalPrice: "5.52",
    });
    // 5.70 / 1.14 = 5.00 exactly; 11.00 / 1.10 = 10.00
    expect(lineNet({ unitPrice: "5.70", totalPrice: "5.70", vatRate: "14.00" }).unitPrice).toBe("5.00");
    expect(lineNet({ unitPrice: "11.00", totalPrice: "22.00", vatRate: "10.00" })).toEqual({
      unitPrice: "10.00",
      totalPrice: "20.00",
    });
  });

  test("a half cent rounds up", () => {
    // 0.01 / 1.02 = 0.0098... -> 0.01; 1.01 at 1 %: exactly 1.00; 0.03 at 100 %: 0.015 -> 0.02
    expect(lineNet({ unitPrice: "0.01", totalPrice: "0.01", vatRate: "2.00" }).unitPrice).toBe("0.01");
    expect(lineNet({ unitPrice: "1.01", totalPrice: "1.01", vatRate: "1.00" }).unitPrice).toBe("1.00");
    expect(lineNet({ unitPrice: "0.03", totalPrice: "0.03", vatRate: "100.00" }).unitPrice).toBe("0.02");
  });

  test("0 % VAT: the net is the price", () => {
    expect(lineNet({ unitPrice: "7.77", totalPrice: "15.54", vatRate: "0.00" })).toEqual({
      unitPrice: "7.77",
      totalPrice: "15.54",
    });
  });

  test("at the Finnish rates, a line's net total is the net documentAmounts gives the line", () => {
    fc.assert(
      fc.property(
        // A line of at most 99 999 999,99, the most a document holds (priceLines refuses more):
        // 100 000,00 x 1000 was one cent over, and the generator finds its corners.
        fc.integer({ min: 0, max: 9_999_999 }),
        fc.integer({ min: 1, max: 1000 }),
        fc.constantFrom("25.50", "24.00", "14.00", "13.50", "10.00", "0.00"),
        (unitCents, quantity, vatRate) => {
          const unitPrice = fromCents(unitCents);
          const { lines } = documentAmounts(
            [{ unitPrice, quantity, vatRate, purchasePrice: "0.00", vatInclusive: true }],
            "0",
          );
          const net = lineNet({ unitPrice, totalPrice: lines[0].lineTotal, vatRate });
          expect(net.totalPrice).toBe(lines[0].net);
        },
      ),
    );
  });

  test("a price that is not an amount throws", () => {
    expect(() => lineNet({ unitPrice: "-1.00", totalPrice: "1.00", vatRate: "25.50" })).toThrow(RangeError);
    expect(() => lineNet({ unitPrice: "1.00", totalPrice: "1.00", vatRate: "101" })).toThrow(RangeError);
  });
});
