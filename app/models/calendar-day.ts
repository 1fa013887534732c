/**
 * A calendar day as forms, files, queries and the API write it: "YYYY-MM-DD". The one rule for
 * which texts are days (a real day, not 2026-02-30, which Date would roll over into March; from
 * 1900, since PostgreSQL has no year 0 and no shop sold before) and the day arithmetic on them.
 * Pure, without zod: the pages' labels use it in the browser; schemas refine with isCalendarDay.
 */
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const FIRST_YEAR = 1900;
const DAY_MS = 86_400_000;

/** Whether the text is a real calendar day written YYYY-MM-DD, from 1900 on. */
export function isCalendarDay(value: string): boolean {
  if (!DAY.test(value) || Number(value.slice(0, 4)) < FIRST_YEAR) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** A day from a query string, or null for anything that is not one (a filter ignores it). */
export function calendarDayParam(value: string | null | undefined): string | null {
  return value && isCalendarDay(value) ? value : null;
}

/** The day `days` after (or before, when negative) a day. */
export function addDays(day: string, days: number): string {
  return new Date(new Date(`${day}T00:00:00Z`).getTime() + days * DAY_MS).toISOString().slice(0, 10);
}
