import { z } from "zod/v4";
import { isCalendarDay } from "~/models/calendar-day";
import { pageLimit, pageOffset } from "~/models/paging-schema";
import { lengthRule, typeMessages, whenValid } from "~/models/zod-messages";

/**
 * The zod rules shared by the schemas of the documents made of product lines: quotes and sales
 * orders (order-schema.ts) and purchase orders (purchase-order-schema.ts). What differs between
 * them (the price field of a line, the messages in each screen's namespace, the limits) is
 * passed in, so each schema still reads as its own.
 */

/** A record's id, as JSON's number or a form's digits: a whole number that fits PostgreSQL's integer. */
export const recordId = z.coerce
  .number(typeMessages({ invalid: "validation.invalid" }))
  .int("validation.invalid")
  .positive("validation.invalid")
  .max(2_147_483_647, "validation.invalid");

/** A day as "2026-02-28" (calendar-day.ts: a real day, from 1900). */
export const calendarDay = z
  .string(typeMessages({ invalid: "validation.invalid" }))
  .refine(isCalendarDay, "validation.date");

/** How many units a line asks for: a whole number from 1 to `max`; anything else is `message`. */
export function lineQuantity(message: string, max: number) {
  return z.coerce
    .number(typeMessages({ invalid: message }))
    .int(message)
    .min(1, message)
    .max(max, message);
}

/** A document's free text for people (its notes): trimmed, at most 2000 characters; empty is null. */
export const documentNote = z
  .string(typeMessages({ invalid: "validation.invalid" }))
  .trim()
  .max(2000, lengthRule("validation.tooLong"))
  .nullish()
  .transform(whenValid((value) => value || null));

/** A list's search text: at most 100 characters, trimmed; empty is null. */
export const listSearch = z
  .string()
  .max(100, lengthRule("validation.tooLong"))
  .nullish()
  .transform(whenValid((value) => value?.trim() || null));

/** A list's page in the API's query: `limit` rows (50 unless asked, at most 200) from `offset`. */
export const listPage = {
  limit: pageLimit(50, 200, "validation.invalid"),
  offset: pageOffset(),
};
