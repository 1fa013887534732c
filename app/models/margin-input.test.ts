import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { refusingControlCharacters } from "./clean-text";
import { calculateMargin } from "./margin";
import { type CalculatorValues, evaluate } from "./margin-input";
import { marginInputSchema } from "./margin-schema";

const amount = fc.oneof(
  fc.constantFrom("", " ", "0", "0,00", "0.01", "12,5", "80", "100,00", "-5", "1.234", "99999999,99"),
  fc.constantFrom("100000000", "12,345", "abc", "1 000", "5\u0000", "\u0007"),
  fc.string({ maxLength: 12 }),
);

const values = fc.record<CalculatorValues>({
  purchasePrice: amount,
  sellingPrice: amount,
  vatInclusive: fc.constantFrom("true", "false"),
  discountKind: fc.constantFrom("percent", "price", "pr\u0001ice"),
  discountValue: fc.oneof(fc.constantFrom("", "10", "5,5", "\u0008"), fc.string({ maxLength: 6 })),
});

describe("the margin calculator's checks", () => {
  test("answer as the API's zod schema does: the same errors, the same margin", () => {
    fc.assert(
      fc.property(values, (generated) => {
        const input = { ...generated }; // a plain object, as a form's values are
        const parsed = refusingControlCharacters(marginInputSchema).safeParse(input);
        const evaluated = evaluate(input, 25.5);
        expect(evaluated.errors).toEqual(parsed.success ? {} : parsed.error.flatten().fieldErrors);
        expect(evaluated.result).toEqual(
          parsed.success ? calculateMargin({ ...parsed.data, vatRate: 25.5 }) : null,
        );
      }),
      { numRuns: 2000 },
    );
  });

  test("purchase 80 VAT inclusive, selling 100, 10 % off", () => {
    const { result, simulation } = evaluate(
      {
        purchasePrice: "80",
        sellingPrice: "100,00",
        vatInclusive: "true",
        discountKind: "percent",
        discountValue: "10",
      },
      25.5,
    );
    expect(result).toMatchObject({ profit: "15.94", marginPercentage: 20 });
    expect(simulation).toMatchObject({ price: "90.00" });
  });
});
