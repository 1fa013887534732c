/** A route's numeric id, or null for anything else ("abc", "1.5", "-1"), so that it answers 404, not 500. */
export function idParam(value: string | undefined): number | null {
  if (!value || !/^\d{1,9}$/.test(value)) return null;
  const id = Number(value);
  return id > 0 ? id : null;
}

/** A list's page number from the query (?page=3): 1 for anything that is not one. */
export function pageNumber(value: string | null) {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 && page <= 100_000 ? page : 1;
}
