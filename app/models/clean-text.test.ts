import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { z } from "zod/v4";
import {
  CONTROL_CHARACTERS_MESSAGE,
  controlCharacterPaths,
  hasControlCharacters,
  refusingControlCharacters,
  withoutControlCharacters,
} from "./clean-text";

describe("control characters", () => {
  test("NUL, escape and DEL are control characters; tab, newlines and letters are not", () => {
    for (const text of ["a\u0000b", "\u001b[31m", "x\u007f", "\u0008"])
      expect(hasControlCharacters(text)).toBe(true);
    for (const text of ["a\tb", "line\r\nline", "Äänentoisto 25,5 %", ""])
      expect(hasControlCharacters(text)).toBe(false);
  });

  test("cleaning leaves no control character and keeps everything else", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary" }), (text) => {
        const clean = withoutControlCharacters(text);
        expect(hasControlCharacters(clean)).toBe(false);
        expect(withoutControlCharacters(clean)).toBe(clean);
      }),
    );
    expect(withoutControlCharacters("gal\u0000axy\n")).toBe("galaxy\n");
  });

  test("paths name every string holding one, in objects, arrays and keys", () => {
    expect(
      controlCharacterPaths({ a: "ok", b: "x\u0000", c: { d: ["ok", "\u0001"] }, "k\u0000": 1 }),
    ).toEqual([["b"], ["c", "d", 1], ["k\u0000"]]);
    expect(controlCharacterPaths("fine")).toEqual([]);
  });

  const schema = z.object({
    name: z.string().min(1, "required"),
    price: z.string().regex(/^\d+$/, "number"),
  });

  test("a schema refuses the field with the message and still reports the other fields' errors", () => {
    const result = refusingControlCharacters(schema).safeParse({ name: "a\u0000b", price: "x" });
    expect(result.success).toBe(false);
    const issues = result.error?.issues.map((i) => [i.path.join("."), i.message]);
    expect(issues).toEqual([
      ["name", CONTROL_CHARACTERS_MESSAGE],
      ["price", "number"],
    ]);
  });

  test("clean input passes through to the schema's own output", () => {
    expect(refusingControlCharacters(schema).parse({ name: "Kaapeli", price: "12" })).toEqual({
      name: "Kaapeli",
      price: "12",
    });
    expect(refusingControlCharacters(schema).safeParse({ name: "ok", price: "1\u0000" }).success).toBe(false);
  });

  test("a body nested deeper than the call stack is walked, not a stack overflow (found by fuzz.spec.ts)", () => {
    const depth = 100_000;
    const deep = JSON.parse(`{"name":${'{"a":'.repeat(depth)}"x\\u0000"${"}".repeat(depth)}}`);
    const [found] = controlCharacterPaths(deep);
    expect(found).toHaveLength(depth + 1);
    expect(refusingControlCharacters(schema).safeParse(deep).success).toBe(false);
  });
});
