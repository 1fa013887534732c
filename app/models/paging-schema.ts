import { z } from "zod/v4";
import { lengthRule, typeMessages, whenValid } from "~/models/zod-messages";

/**
 * The paging fields of a list's query string (`?limit=&offset=`), one rule for every list that
 * reads them as text: empty is the default; anything else must be a whole number in range, or the
 * field is refused with its message.
 */

/** A page size: empty is `fallback`; else a whole number from 1 to `max`, or `message`. */
export function pageLimit<F extends number | undefined>(fallback: F, max: number, message: string) {
  return z
    .string()
    .nullish()
    .transform((v, ctx): number | F => {
      if (!v) return fallback;
      if (!/^\d{1,9}$/.test(v) || Number(v) < 1 || Number(v) > max) {
        ctx.addIssue({ code: "custom", message });
        return z.NEVER;
      }
      return Number(v);
    });
}

/** Where a page starts: empty is 0; else a whole number of at most nine digits. */
export function pageOffset() {
  return z
    .string()
    .nullish()
    .transform((v, ctx) => {
      if (!v) return 0;
      if (!/^\d{1,9}$/.test(v)) {
        ctx.addIssue({ code: "custom", message: "validation.invalid" });
        return z.NEVER;
      }
      return Number(v);
    });
}

/**
 * A whole number of an /api query (`?limit=`, `?offset=`, an id to filter by), documented as a
 * number: from `min` to `max`, or "validation.invalid"; absent or empty is `fallback`.
 */
export function wholeNumberParam<F>(min: number, max: number, fallback: F) {
  return z.coerce
    .number(typeMessages({ invalid: "validation.invalid" }))
    .int("validation.invalid")
    .min(min, "validation.invalid")
    .max(max, "validation.invalid")
    .nullish()
    .transform((value): number | F => value ?? fallback);
}

/** A list's search text of an /api query: at most 200 characters, trimmed; empty is none. */
export function searchParam() {
  return z
    .string()
    .max(200, lengthRule("validation.tooLong"))
    .nullish()
    .transform(whenValid((value) => value?.trim() || null));
}
