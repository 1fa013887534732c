import { describe, expect, test } from "vitest";
import { z } from "zod/v4";
import { pageLimit, pageOffset } from "./paging-schema";

const query = z.object({ limit: pageLimit(50, 500, "errors.limit"), offset: pageOffset() });
const messages = (input: object) => {
  const parsed = query.safeParse(input);
  return parsed.success ? parsed.data : parsed.error.issues.map((i) => `${String(i.path[0])}: ${i.message}`);
};

describe("a list's paging fields", () => {
  test("empty or left out: the default size and the first page", () => {
    expect(messages({})).toEqual({ limit: 50, offset: 0 });
    expect(messages({ limit: "", offset: "" })).toEqual({ limit: 50, offset: 0 });
    expect(z.object({ limit: pageLimit(undefined, 10, "x") }).parse({})).toEqual({ limit: undefined });
  });

  test("whole numbers in range are read", () => {
    expect(messages({ limit: "1", offset: "0" })).toEqual({ limit: 1, offset: 0 });
    expect(messages({ limit: "500", offset: "999999999" })).toEqual({ limit: 500, offset: 999999999 });
  });

  test("anything else is refused with the field's message", () => {
    for (const limit of ["0", "501", "-1", "2.5", "ten", "1e3", "9999999999"])
      expect(messages({ limit }), limit).toEqual(["limit: errors.limit"]);
    for (const offset of ["-1", "1.5", "x", "1000000000"])
      expect(messages({ offset }), offset).toEqual(["offset: validation.invalid"]);
  });
});
