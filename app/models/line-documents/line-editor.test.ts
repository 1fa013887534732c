import { describe, expect, test } from "vitest";
import { z } from "zod/v4";
import { CONTROL_CHARACTERS_MESSAGE } from "~/models/clean-text";
import {
  addSchemaIssues,
  changeLines,
  formWithoutLine,
  hasRefusedControlCharacters,
  postedLines,
  readMoney,
  readQuantity,
  refuseControlCharacters,
} from "./line-editor";

function form(fields: [string, string][]) {
  const data = new FormData();
  for (const [key, value] of fields) data.append(key, value);
  return data;
}

const row = () => ({ code: "", errors: [] as string[] });

describe("the lines an editor posts", () => {
  test("come in their index order, trimmed, with the editor's own price field and no more than its limit", () => {
    const posted = form([
      ["lines[5].code", " B-2 "],
      ["lines[0].code", "A-1"],
      ["lines[0].quantity", " 3 "],
      ["lines[0].unitCost", " 2,50 "],
      ["lines[0].unitPrice", "9,99"],
      ["lines[9].note", "not a line field"],
      ["lines[7].unitCost", "1"],
    ]);
    expect(postedLines(posted, "unitCost", 200)).toEqual([
      { code: "A-1", quantity: "3", unitCost: "2,50" },
      { code: "B-2", quantity: "", unitCost: "" },
      { code: "", quantity: "", unitCost: "1" },
    ]);
    expect(postedLines(posted, "unitPrice", 2)).toEqual([
      { code: "A-1", quantity: "3", unitPrice: "9,99" },
      { code: "B-2", quantity: "", unitPrice: "" },
    ]);
  });

  test("Remove takes the line out and moves the ones after it up, keeping the other fields", () => {
    const posted = form([
      ["supplierId", "4"],
      ["lines[0].code", "A"],
      ["lines[3].code", "B"],
      ["lines[3].quantity", "2"],
      ["lines[8].code", "C"],
      ["lines[8].unitCost", "5"],
    ]);
    const rest = formWithoutLine(posted, 1, "unitCost", 200);
    expect([...rest.entries()]).toEqual([
      ["supplierId", "4"],
      ["lines[0].code", "A"],
      ["lines[0].quantity", ""],
      ["lines[0].unitCost", ""],
      ["lines[1].code", "C"],
      ["lines[1].quantity", ""],
      ["lines[1].unitCost", "5"],
    ]);
  });

  test("a control character is refused on its row, or on the field it was typed in, and makes the answer a 400", () => {
    const posted = form([
      ["lines[2].code", "A"],
      ["lines[4].quantity", "1\u0000"],
      ["lines[6].other", "\u0001"],
      ["notes", "hello\u0007"],
    ]);
    const state = { rows: [row(), row()], errors: {} as Record<string, string[]> };
    expect(hasRefusedControlCharacters(state)).toBe(false);
    refuseControlCharacters(posted, state, "unitPrice", 200);
    expect(state.rows.map((r) => r.errors)).toEqual([[], [CONTROL_CHARACTERS_MESSAGE]]);
    expect(state.errors).toEqual({ form: [CONTROL_CHARACTERS_MESSAGE], notes: [CONTROL_CHARACTERS_MESSAGE] });
    expect(hasRefusedControlCharacters(state)).toBe(true);
  });
});

describe("the figures typed on a line", () => {
  test("a quantity is whole units from 1 to the editor's limit; anything else is refused and counts 0", () => {
    const errors: string[] = [];
    expect(readQuantity("12", 100, errors, "purchasing:errors.quantity")).toBe(12);
    expect(errors).toEqual([]);
    for (const typed of ["0", "101", "1.5", "", "abc", "-1"]) {
      expect(readQuantity(typed, 100, errors, "purchasing:errors.quantity")).toBe(0);
    }
    expect(errors).toHaveLength(6);
  });

  test("an amount is read the Finnish way or the English way; empty is none, other text is refused", () => {
    const errors: string[] = [];
    expect(readMoney("12,5", errors, "orders:errors.unitPrice")).toBe("12.50");
    expect(readMoney("", errors, "orders:errors.unitPrice")).toBeNull();
    expect(errors).toEqual([]);
    expect(readMoney("abc", errors, "orders:errors.unitPrice")).toBeNull();
    expect(errors).toEqual(["orders:errors.unitPrice"]);
  });
});

describe("Add line and Remove", () => {
  const editor = (rows: number) => ({ rows: Array.from({ length: rows }, row), errors: {} });

  test("Add line adds an empty row up to the limit; another intent is left to the editor", async () => {
    const options = { maxLines: 2, emptyRow: row, withoutLine: async () => editor(0) };
    expect((await changeLines("addLine", editor(1), options))?.rows).toHaveLength(2);
    expect((await changeLines("addLine", editor(2), options))?.rows).toHaveLength(2);
    expect(await changeLines("save", editor(1), options)).toBeNull();
    expect(await changeLines("removeLine-x", editor(1), options)).toBeNull();
  });

  test("Remove answers the editor without the row, and an empty editor keeps one row to type in", async () => {
    const removed: number[] = [];
    const options = {
      maxLines: 200,
      emptyRow: row,
      withoutLine: async (at: number) => {
        removed.push(at);
        return editor(0);
      },
    };
    expect((await changeLines("removeLine-12", editor(13), options))?.rows).toHaveLength(1);
    expect(removed).toEqual([12]);
  });
});

test("a save's refusals go on their fields; a line's stay on its row", () => {
  const schema = z.object({
    supplierId: z.number("purchasing:errors.supplierRequired"),
    lines: z.array(z.object({ quantity: z.number("purchasing:errors.quantity") })).max(1, "tooManyLines"),
  });
  const parsed = schema.safeParse({ lines: [{}, {}] });
  const errors: Record<string, string[]> = { form: ["purchasing:errors.checkLines"] };
  addSchemaIssues(errors, parsed.error?.issues ?? []);
  expect(errors).toEqual({
    form: ["purchasing:errors.checkLines"],
    supplierId: ["purchasing:errors.supplierRequired"],
    lines: ["tooManyLines"],
  });
});
