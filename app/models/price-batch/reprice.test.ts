import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { fromCents } from "~/models/money";
import {
  MAX_PRICE_CENTS,
  type PricedProduct,
  reprice,
  roundPrice,
  roundTo,
  ruleValueProblem,
} from "./reprice";

const product = (over: Partial<PricedProduct> = {}): PricedProduct => ({
  sellingPrice: "100.00",
  purchasePrice: "60.00",
  vatInclusive: true,
  vatRate: "25.50",
  ...over,
});
const none = { ending: "none" } as const;

describe("the rules", () => {
  test("+5 % of 100,00 is 105,00; -10 % of 19,99 is 17,99 (to the cent, half away from zero)", () => {
    expect(reprice(product(), { kind: "percent", value: 500 }, none)).toEqual({
      ok: true,
      sellingCents: 10_500,
      purchaseCents: 6_000,
    });
    // 17.991 -> 17.99
    expect(
      reprice(product({ sellingPrice: "19.99" }), { kind: "percent", value: -1000 }, none),
    ).toMatchObject({
      sellingCents: 1_799,
    });
  });

  test("+/- euros adds to the selling price incl. VAT", () => {
    expect(reprice(product(), { kind: "euros", value: -1_050 }, none)).toMatchObject({ sellingCents: 8_950 });
  });

  test("a markup on net cost adds VAT to a net purchase price, and not twice to a gross one", () => {
    // 100 net + 50 % = 150 net, + 25.5 % VAT = 188.25
    expect(
      reprice(
        product({ purchasePrice: "100.00", vatInclusive: false }),
        { kind: "markup", value: 5_000 },
        none,
      ),
    ).toMatchObject({ sellingCents: 18_825 });
    // 125.50 incl. VAT + 50 % = 188.25
    expect(
      reprice(product({ purchasePrice: "125.50" }), { kind: "markup", value: 5_000 }, none),
    ).toMatchObject({
      sellingCents: 18_825,
    });
  });

  test("a target margin of 40 % on a net cost of 60 sells at 100 net, 125,50 incl. VAT", () => {
    expect(
      reprice(
        product({ purchasePrice: "60.00", vatInclusive: false }),
        { kind: "margin", value: 4_000 },
        none,
      ),
    ).toMatchObject({ sellingCents: 12_550 });
  });

  test("a supplier's +3 % changes the purchase price, not the selling price, and is not rounded", () => {
    expect(reprice(product(), { kind: "supplierCost", value: 300 }, { ending: "90" })).toEqual({
      ok: true,
      sellingCents: 10_000,
      purchaseCents: 6_180,
    });
  });

  test("a price of zero or less or over 99 999 999,99 is refused, naming the field", () => {
    expect(reprice(product(), { kind: "euros", value: -10_000 }, none)).toEqual({
      ok: false,
      field: "value",
      problem: "zeroOrLess",
    });
    expect(
      reprice(product({ sellingPrice: "99999999.00" }), { kind: "percent", value: 100 }, none),
    ).toMatchObject({ ok: false, field: "value", problem: "tooLarge" });
    // 0,30 to .90: 0,90 is farther than -0,10
    expect(
      reprice(product({ sellingPrice: "0.30" }), { kind: "percent", value: 0 }, { ending: "90" }),
    ).toEqual({ ok: false, field: "rounding", problem: "zeroOrLess" });
    expect(
      reprice(product({ sellingPrice: "99999999.60" }), { kind: "percent", value: 0 }, { ending: "whole" }),
    ).toMatchObject({ ok: false, field: "rounding", problem: "tooLarge" });
  });

  test("percentages outside -99..1000, and a target margin of 100 %, are out of range", () => {
    expect(ruleValueProblem({ kind: "percent", value: -9_901 })).toBe("tooSmall");
    expect(ruleValueProblem({ kind: "percent", value: -9_900 })).toBeNull();
    expect(ruleValueProblem({ kind: "markup", value: 100_000 })).toBeNull();
    expect(ruleValueProblem({ kind: "supplierCost", value: 100_001 })).toBe("tooLarge");
    expect(ruleValueProblem({ kind: "margin", value: 10_000 })).toBe("tooLarge");
    expect(ruleValueProblem({ kind: "euros", value: -MAX_PRICE_CENTS })).toBeNull();
  });
});

describe("the rounding ladder", () => {
  test("each ending takes the nearest price with it, a tie going up", () => {
    expect(roundTo(10_500, "90")).toBe(10_490);
    expect(roundTo(26_145, "90")).toBe(26_190);
    expect(roundTo(2_099, "90")).toBe(2_090);
    expect(roundTo(10_030, "90")).toBe(9_990);
    expect(roundTo(10_040, "90")).toBe(10_090);
    expect(roundTo(10_044, "95")).toBe(9_995);
    expect(roundTo(10_047, "99")).toBe(9_999);
    expect(roundTo(10_050, "whole")).toBe(10_100);
    expect(roundTo(10_049, "whole")).toBe(10_000);
    expect(roundTo(10_049, "none")).toBe(10_049);
  });

  test("a different ending from a price band up, the band chosen before rounding", () => {
    const ladder = { ending: "90", above: { fromCents: 10_000, ending: "whole" } } as const;
    expect(roundPrice(9_996, ladder)).toBe(9_990);
    expect(roundPrice(10_040, ladder)).toBe(10_000);
    expect(roundPrice(14_960, ladder)).toBe(15_000);
  });

  test("a rounded price ends as asked and is within a euro of the rule's (property)", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: MAX_PRICE_CENTS }),
        fc.constantFrom("90", "95", "99", "whole" as const),
        (cents, ending) => {
          const rounded = roundTo(cents, ending);
          const end = ending === "whole" ? 0 : Number(ending);
          expect(((rounded % 100) + 100) % 100).toBe(end);
          expect(Math.abs(rounded - cents)).toBeLessThanOrEqual(50);
          // Nothing nearer has the ending.
          expect(Math.abs(rounded - cents)).toBeLessThanOrEqual(Math.abs(rounded + 100 - cents));
          expect(Math.abs(rounded - cents)).toBeLessThanOrEqual(Math.abs(rounded - 100 - cents));
        },
      ),
    );
  });

  test("a rule either refuses or gives a price in range (property)", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: MAX_PRICE_CENTS }),
        fc.integer({ min: 0, max: MAX_PRICE_CENTS }),
        fc.boolean(),
        fc.constantFrom(0, 10, 14, 25.5),
        fc.constantFrom("percent", "euros", "markup", "margin" as const),
        fc.integer({ min: -9_900, max: 9_999 }),
        fc.constantFrom("none", "90", "95", "99", "whole" as const),
        (selling, purchase, vatInclusive, vatRate, kind, value, ending) => {
          const answer = reprice(
            { sellingPrice: fromCents(selling), purchasePrice: fromCents(purchase), vatInclusive, vatRate },
            { kind, value },
            { ending },
          );
          if (answer.ok) {
            expect(answer.sellingCents).toBeGreaterThan(0);
            expect(answer.sellingCents).toBeLessThanOrEqual(MAX_PRICE_CENTS);
            expect(answer.purchaseCents).toBe(purchase);
          } else {
            expect(["value", "rounding"]).toContain(answer.field);
          }
        },
      ),
    );
  });
});
