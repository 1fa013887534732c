/** Timestamps from raw SQL rows come back as text or Date depending on the driver's parsers. */
export function toIso(value: Date | string): string {
  return (value instanceof Date ? value : new Date(value)).toISOString();
}

/** A LIKE pattern matching text that contains the user's text, their % and _ matched literally. */
export function containsPattern(text: string) {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
