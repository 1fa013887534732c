import { describe, expect, test } from "vitest";
import { normaliseSerial, parseSerialList, serialListProblems } from "./serial-list";

describe("serial lists (issue #31)", () => {
  test("a scanned or pasted list: one per line (commas, semicolons, tabs too), trimmed, upper-cased, blanks skipped", () => {
    expect(parseSerialList(" sn-1 \r\nSN-2\n\n,sn-3;\tsn-4\n")).toEqual(["SN-1", "SN-2", "SN-3", "SN-4"]);
    expect(normaliseSerial("  ab c ")).toBe("AB C");
    expect(parseSerialList("   \n")).toEqual([]);
  });

  test("names every problem at once: each duplicate once, each bad IMEI, the count", () => {
    expect(
      serialListProblems(
        ["490154203237518", "490154203237518", "490154203237518", "490154203237517", "12"],
        "imei",
        3,
      ),
    ).toEqual([
      { problem: "duplicate", serial: "490154203237518" },
      { problem: "imeiCheckDigit", serial: "490154203237517" },
      { problem: "imeiLength", serial: "12" },
      { problem: "count", expected: 3, given: 5 },
    ]);
  });

  test("a serial product takes any printable text up to 100 characters; an IMEI rule does not apply", () => {
    expect(serialListProblems(["12", "AB-CD"], "serial", 2)).toEqual([]);
    expect(serialListProblems(["X".repeat(101)], "serial", 1)).toEqual([
      { problem: "tooLong", serial: "X".repeat(101) },
    ]);
    expect(serialListProblems(["A\u0000B"], "serial", 1)).toEqual([
      { problem: "invalid", serial: "A\u0000B" },
    ]);
  });
});
