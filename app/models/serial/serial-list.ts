import { hasControlCharacters } from "~/models/clean-text";
import type { TrackingMode } from "~/models/product/tracking";
import { type ImeiProblem, imeiProblem } from "./imei";
import { MAX_SERIAL_LENGTH } from "./serial-state";

/**
 * Serials as a receipt takes them (issue #31): scanned one per line or pasted as a list. Pure: the
 * page's form reader, the API and the write path share it.
 */

/** A serial as stored and compared: trimmed, upper-case ("ab-12 " and "AB-12" are one unit). */
export function normaliseSerial(text: string): string {
  return text.trim().toUpperCase();
}

/**
 * Whether a serial can be stored and looked up: at most 100 characters, no control characters
 * (PostgreSQL refuses a NUL outright). A write path looks up only these; the others are the list's
 * problems (`serialListProblems`), named to the user, never sent to the database.
 */
export function isStorableSerial(serial: string): boolean {
  return serial !== "" && serial.length <= MAX_SERIAL_LENGTH && !hasControlCharacters(serial);
}

/** A scanned or pasted list: one serial per line (commas, semicolons and tabs split too); blanks skipped. */
export function parseSerialList(text: string): string[] {
  return text
    .split(/[\r\n,;\t]+/)
    .map(normaliseSerial)
    .filter((serial) => serial !== "");
}

export type SerialProblem =
  | {
      problem:
        | "duplicate"
        | "known"
        | "tooLong"
        | "invalid"
        | "untracked"
        | "unknown"
        | "notInStock"
        // A transfer's (issue #32): a unit in stock at another location; a unit received that was not sent on the line.
        | "notOnLine"
        | ImeiProblem;
      serial: string;
    }
  | { problem: "count"; expected: number; given: number }
  /** a unit in stock at another location than the document's (issue #32), named */
  | { problem: "elsewhere"; serial: string; location: string };

/**
 * Everything wrong with a line's serials, all at once, each naming its serial: duplicates within
 * the list, serials too long or holding control characters, invalid IMEIs (an IMEI product), and a
 * count that is not the quantity received. Serials already known are the write path's to add.
 */
export function serialListProblems(
  serials: string[],
  tracking: TrackingMode,
  quantity: number,
): SerialProblem[] {
  const problems: SerialProblem[] = [];
  const seen = new Set<string>();
  const duplicated = new Set<string>();
  for (const serial of serials) {
    if (seen.has(serial)) {
      if (!duplicated.has(serial)) problems.push({ problem: "duplicate", serial });
      duplicated.add(serial);
      continue;
    }
    seen.add(serial);
    // biome-ignore lint/suspicious/noControlCharactersInRegex: the characters refused
    if (/[\u0000-\u001f\u007f]/.test(serial)) problems.push({ problem: "invalid", serial });
    else if (serial.length > MAX_SERIAL_LENGTH) problems.push({ problem: "tooLong", serial });
    else if (tracking === "imei") {
      const imei = imeiProblem(serial);
      if (imei) problems.push({ problem: imei, serial });
    }
  }
  if (serials.length !== quantity)
    problems.push({ problem: "count", expected: quantity, given: serials.length });
  return problems;
}
