import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { fromCents, toCents } from "~/models/money";
import { type AmountLine, documentAmounts } from "./document-amounts";

const line = (overrides: Partial<AmountLine>): AmountLine => ({
  unitPrice: "10.00",
  quantity: 1,
  vatRate: "25.50",
  purchasePrice: "5.00",
  vatInclusive: true,
  ...overrides,
});

const zero = {
  lines: [],
  subtotal: "0.00",
  discountAmount: "0.00",
  taxAmount: "0.00",
  totalAmount: "0.00",
  netAmount: "0.00",
  vatBreakdown: [],
};

describe("the amounts of a quote or order", () => {
  test("a two-line quote with a 5 % customer discount, by hand to the cent", () => {
    const amounts = documentAmounts(
      [
        line({ unitPrice: "1299.90", quantity: 2, vatRate: "25.50", purchasePrice: "800.00" }),
        line({ unitPrice: "24.90", quantity: 3, vatRate: "14.00", purchasePrice: "12.00" }),
      ],
      "5",
    );

    // Line totals, before the discount:
    //   2 x 1299.90 = 2599.80;  its VAT 2599.80 x 25.5 / 125.5 = 528.2462... -> 528.25, net 2071.55
    //   3 x   24.90 =   74.70;  its VAT   74.70 x 14 / 114     =   9.1736... ->   9.17, net   65.53
    // Margin at the charged unit price (purchase prices without VAT, margin.ts's rule):
    //   1299.90 x 0.95 = 1234.905 -> 1234.91; net 1234.91 / 1.255 = 983.992...;
    //     (983.992 - 800) / 983.992 = (12349100 - 800 x 12550) / 12349100 = 18.698... % -> 18.7, medium
    //   24.90 x 0.95 = 23.655 -> 23.66; (23.66 - 12 x 1.14) / 23.66 = 9.98 / 23.66 = 42.18... % -> 42.2, high
    expect(amounts.lines).toEqual([
      {
        lineTotal: "2599.80",
        net: "2071.55",
        vat: "528.25",
        margin: 18.7,
        marginCategory: "medium",
        belowCost: false,
      },
      {
        lineTotal: "74.70",
        net: "65.53",
        vat: "9.17",
        margin: 42.2,
        marginCategory: "high",
        belowCost: false,
      },
    ]);

    // Discount per VAT rate:
    //   25.5 %: 2599.80 x 5 % = 129.99 exactly  -> 2599.80 - 129.99 = 2469.81
    //   14 %:     74.70 x 5 % =   3.735 -> 3.74 (half up) -> 74.70 - 3.74 = 70.96
    // VAT per rate, on the discounted gross:
    //   25.5 %: 2469.81 x 25.5 / 125.5 = 501.8339... -> 501.83, net 2469.81 - 501.83 = 1967.98
    //   14 %:     70.96 x 14 / 114     =   8.7143... ->   8.71, net   70.96 -   8.71 =   62.25
    expect(amounts.vatBreakdown).toEqual([
      { rate: "25.50", net: "1967.98", vat: "501.83", gross: "2469.81" },
      { rate: "14.00", net: "62.25", vat: "8.71", gross: "70.96" },
    ]);

    // subtotal 2599.80 + 74.70 = 2674.50; discount 129.99 + 3.74 = 133.73;
    // total 2674.50 - 133.73 = 2540.77 (= 2469.81 + 70.96); VAT 501.83 + 8.71 = 510.54;
    // net 2540.77 - 510.54 = 2030.23 (= 1967.98 + 62.25)
    expect(amounts).toMatchObject({
      subtotal: "2674.50",
      discountAmount: "133.73",
      totalAmount: "2540.77",
      taxAmount: "510.54",
      netAmount: "2030.23",
    });
  });

  test("no lines: every figure is zero", () => {
    expect(documentAmounts([], "0")).toEqual(zero);
    expect(documentAmounts([], "15.50")).toEqual(zero);
  });

  test("0 % discount: the total is the subtotal, VAT taken per rate from it", () => {
    const amounts = documentAmounts(
      [line({ unitPrice: "19.90", quantity: 3 }), line({ unitPrice: "0.99", quantity: 2 })],
      "0",
    );
    // 59.70 + 1.98 = 61.68; VAT 61.68 x 25.5 / 125.5 = 12.5326... -> 12.53
    expect(amounts).toMatchObject({
      subtotal: "61.68",
      discountAmount: "0.00",
      totalAmount: "61.68",
      taxAmount: "12.53",
      netAmount: "49.15",
      vatBreakdown: [{ rate: "25.50", net: "49.15", vat: "12.53", gross: "61.68" }],
    });
  });

  test("100 % discount: nothing to pay, no VAT, no margin, and every line with a cost is below cost", () => {
    const amounts = documentAmounts(
      [
        line({ unitPrice: "99.00", quantity: 2 }),
        line({ unitPrice: "5.00", vatRate: "10.00", purchasePrice: "0.00" }),
      ],
      "100",
    );
    expect(amounts).toMatchObject({
      subtotal: "203.00",
      discountAmount: "203.00",
      totalAmount: "0.00",
      taxAmount: "0.00",
      netAmount: "0.00",
      vatBreakdown: [
        { rate: "25.50", net: "0.00", vat: "0.00", gross: "0.00" },
        { rate: "10.00", net: "0.00", vat: "0.00", gross: "0.00" },
      ],
    });
    expect(
      amounts.lines.map(({ margin, marginCategory, belowCost }) => ({ margin, marginCategory, belowCost })),
    ).toEqual([
      { margin: null, marginCategory: null, belowCost: true },
      { margin: null, marginCategory: null, belowCost: false }, // free to us, free to them
    ]);
  });

  test("a VAT-exclusive price gets its VAT once per unit, rounded half up, then times the quantity", () => {
    const amounts = documentAmounts(
      [
        // 0.10 x 1.255 = 0.1255 -> 0.13 a unit; 3 units 0.39 (not 0.30 x 1.255 = 0.3765 -> 0.38)
        line({ unitPrice: "0.10", quantity: 3, vatInclusive: false, purchasePrice: "0.05" }),
        // 10.00 x 1.10 = 11.00 exactly
        line({
          unitPrice: "10.00",
          quantity: 2,
          vatRate: "10.00",
          vatInclusive: false,
          purchasePrice: "6.00",
        }),
        // 0.00 % VAT: the price is the same either way
        line({ unitPrice: "7.77", vatRate: "0.00", vatInclusive: false, purchasePrice: "7.00" }),
      ],
      "0",
    );
    expect(amounts.lines.map((l) => [l.lineTotal, l.net, l.vat])).toEqual([
      ["0.39", "0.31", "0.08"], // 0.39 x 25.5 / 125.5 = 0.0792... -> 0.08
      ["22.00", "20.00", "2.00"],
      ["7.77", "7.77", "0.00"],
    ]);
    expect(amounts.vatBreakdown.map((row) => row.rate)).toEqual(["25.50", "10.00", "0.00"]);
    expect(amounts.totalAmount).toBe("30.16");
    // 10.00 net sold against 6.00 bought: (10 - 6) / 10 = 40 %
    expect(amounts.lines[1]).toMatchObject({ margin: 40, marginCategory: "high", belowCost: false });
  });

  test("a line whose charged net price is under its purchase price is below cost", () => {
    const amounts = documentAmounts(
      [
        // 12.55 incl. VAT is 10.00 net: at cost, not below it
        line({ unitPrice: "12.55", purchasePrice: "10.00" }),
        // one cent less is below cost
        line({ unitPrice: "12.54", purchasePrice: "10.00" }),
        // 20 % discount: 15.00 x 0.8 = 12.00 charged, 9.56 net, under 10.00
        line({ unitPrice: "15.00", purchasePrice: "10.00" }),
      ],
      "20",
    );
    expect(amounts.lines.map((l) => l.belowCost)).toEqual([true, true, true]);
    const undiscounted = documentAmounts(
      [
        line({ unitPrice: "12.55", purchasePrice: "10.00" }),
        line({ unitPrice: "12.54", purchasePrice: "10.00" }),
      ],
      "0",
    );
    expect(undiscounted.lines).toMatchObject([
      { margin: 0, marginCategory: "low", belowCost: false },
      { margin: -0.1, marginCategory: "low", belowCost: true },
    ]);
  });

  test("a discount that only just leaves the price above cost is not below cost", () => {
    // 15.00 x (100 - 16.36) % = 12.546 -> 12.55 charged = 10.00 net, at cost
    const [atCost] = documentAmounts([line({ unitPrice: "15.00", purchasePrice: "10.00" })], "16.36").lines;
    expect(atCost).toMatchObject({ margin: 0, belowCost: false });
    // 15.00 x (100 - 16.37) % = 12.5445 -> 12.54 charged, 9.99 net
    const [under] = documentAmounts([line({ unitPrice: "15.00", purchasePrice: "10.00" })], "16.37").lines;
    expect(under.belowCost).toBe(true);
  });

  test("lines of one VAT rate share one breakdown row; the rate prints with two decimals", () => {
    const amounts = documentAmounts(
      [
        line({ unitPrice: "10.00", vatRate: "25.5" }),
        line({ unitPrice: "20.00", vatRate: "10" }),
        line({ unitPrice: "30.00", vatRate: "25.50" }),
      ],
      "0",
    );
    expect(amounts.vatBreakdown.map((row) => [row.rate, row.gross])).toEqual([
      ["25.50", "40.00"],
      ["10.00", "20.00"],
    ]);
  });

  test("a negative quantity or price, or a discount outside 0-100, is refused", () => {
    expect(() => documentAmounts([line({ quantity: -1 })], "0")).toThrow(RangeError);
    expect(() => documentAmounts([line({ quantity: 1.5 })], "0")).toThrow(RangeError);
    expect(() => documentAmounts([line({ unitPrice: "-1.00" })], "0")).toThrow(RangeError);
    expect(() => documentAmounts([line({ purchasePrice: "-0.01" })], "0")).toThrow(RangeError);
    expect(() => documentAmounts([line({ unitPrice: "1.999" })], "0")).toThrow(RangeError);
    expect(() => documentAmounts([line({ vatRate: "-10" })], "0")).toThrow(RangeError);
    expect(() => documentAmounts([line({})], "100.01")).toThrow(RangeError);
    expect(() => documentAmounts([line({})], "-5")).toThrow(RangeError);
  });

  test("a zero quantity adds nothing but still gets a margin at its price", () => {
    const amounts = documentAmounts([line({ unitPrice: "12.55", quantity: 0, purchasePrice: "5.00" })], "0");
    expect(amounts.totalAmount).toBe("0.00");
    expect(amounts.lines[0]).toMatchObject({ lineTotal: "0.00", margin: 50, marginCategory: "high" });
  });
});

describe("the amounts add up to the cent for any lines and discount", () => {
  const money = (max: number) => fc.integer({ min: 0, max }).map(fromCents);
  const anyLine = fc.record({
    unitPrice: money(1_000_000_00),
    quantity: fc.integer({ min: 0, max: 10_000 }),
    vatRate: fc.constantFrom("25.50", "14.00", "13.50", "10.00", "0.00", "24.00"),
    purchasePrice: money(100_000_00),
    vatInclusive: fc.boolean(),
  });
  const anyDiscount = fc.oneof(
    fc.integer({ min: 0, max: 10_000 }).map(fromCents), // "12.34", hundredths of a percent print like cents
    fc.integer({ min: 0, max: 100 }).map(String), // "12"
  );
  const cents = (values: string[]) => values.reduce((total, value) => total + toCents(value), 0);

  test("breakdown sums equal the totals; total = subtotal - discount; net = total - tax", () => {
    fc.assert(
      fc.property(fc.array(anyLine, { maxLength: 12 }), anyDiscount, (lines, discount) => {
        const amounts = documentAmounts(lines, discount);
        const { vatBreakdown: rows } = amounts;
        expect(cents(rows.map((row) => row.gross))).toBe(toCents(amounts.totalAmount));
        expect(cents(rows.map((row) => row.vat))).toBe(toCents(amounts.taxAmount));
        expect(cents(rows.map((row) => row.net))).toBe(toCents(amounts.netAmount));
        expect(toCents(amounts.totalAmount)).toBe(
          toCents(amounts.subtotal) - toCents(amounts.discountAmount),
        );
        expect(toCents(amounts.netAmount)).toBe(toCents(amounts.totalAmount) - toCents(amounts.taxAmount));
        expect(cents(amounts.lines.map((l) => l.lineTotal))).toBe(toCents(amounts.subtotal));
        for (const row of rows) expect(toCents(row.net) + toCents(row.vat)).toBe(toCents(row.gross));
        for (const l of amounts.lines) expect(toCents(l.net) + toCents(l.vat)).toBe(toCents(l.lineTotal));
      }),
    );
  });

  test("one row per rate, highest first; the discount never exceeds the subtotal nor VAT its gross", () => {
    fc.assert(
      fc.property(fc.array(anyLine, { maxLength: 12 }), anyDiscount, (lines, discount) => {
        const amounts = documentAmounts(lines, discount);
        const rates = amounts.vatBreakdown.map((row) => Number(row.rate));
        expect(rates).toEqual([...new Set(lines.map((l) => Number(l.vatRate)))].sort((a, b) => b - a));
        expect(toCents(amounts.discountAmount)).toBeLessThanOrEqual(toCents(amounts.subtotal));
        for (const row of amounts.vatBreakdown) {
          expect(toCents(row.vat)).toBeGreaterThanOrEqual(0);
          expect(toCents(row.vat)).toBeLessThanOrEqual(toCents(row.gross));
        }
      }),
    );
  });

  test("a line is below cost exactly when its margin's profit is negative", () => {
    fc.assert(
      fc.property(anyLine, anyDiscount, (input, discount) => {
        const [result] = documentAmounts([input], discount).lines;
        if (result.margin !== null && result.margin < 0) expect(result.belowCost).toBe(true);
        if (result.margin !== null && result.margin > 0) expect(result.belowCost).toBe(false);
      }),
    );
  });
});
