import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { ellipsize, fitWhole, type Measure, shortenToLines } from "./label-text-fit";

/** A stand-in for a font: every character half as wide as the size, "W" a whole size. */
const measure: Measure = (text, size) => [...text].reduce((sum, c) => sum + (c === "W" ? 1 : 0.5) * size, 0);

describe("fitting a label's texts", () => {
  test("a long name is shortened to its lines with an ellipsis", () => {
    const lines = shortenToLines("Samsung Galaxy S24 Ultra 512 GB titaaninharmaa", measure, 10, 100, 2);
    expect(lines).toEqual(["Samsung Galaxy S24", "Ultra 512 GB titaan…"]);
  });

  test("a name that fits is left whole", () => {
    expect(shortenToLines("HDMI 5 m", measure, 10, 100, 2)).toEqual(["HDMI 5 m"]);
  });

  test("no line of a shortened name is wider than its box, whatever the name", () => {
    fc.assert(
      fc.property(
        fc.string({ maxLength: 120 }),
        fc.integer({ min: 20, max: 300 }),
        fc.constantFrom(1, 2),
        (name, width, maxLines) => {
          const lines = shortenToLines(name, measure, 8, width, maxLines);
          expect(lines.length).toBeLessThanOrEqual(maxLines);
          for (const line of lines) expect(measure(line, 8)).toBeLessThanOrEqual(width);
        },
      ),
    );
  });

  test("a text that must be read whole is set smaller rather than cut", () => {
    const fitted = fitWhole("1 299,90 €", measure, 20, 10, 80, 1);
    expect(fitted.lines).toEqual(["1 299,90 €"]);
    expect(fitted.size).toBe(16);
  });

  test("an ellipsis is added only when the text does not fit", () => {
    expect(ellipsize("Deltaco", measure, 10, 100)).toBe("Deltaco");
    expect(ellipsize("Deltaco Premium", measure, 10, 40)).toBe("Deltaco…");
  });
});

test("a line never breaks at a no-break space", () => {
  const notice = "Alin hinta 30 päivän aikana ennen alennusta: 1\u00a0299,90\u00a0€";
  const { lines } = fitWhole(notice, measure, 10, 10, 60, 6);
  expect(lines.at(-1)).toBe("1\u00a0299,90\u00a0€");
});
