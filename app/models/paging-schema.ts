import { z } from "zod/v4";

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
