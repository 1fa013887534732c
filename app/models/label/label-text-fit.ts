// Fitting a label's texts into their boxes (pure: the caller measures, with the PDF's font
// metrics or a printer font's estimate). Nothing printed may run past its box.

/** The width of a text at a font size, in the box's units. */
export type Measure = (text: string, size: number) => number;

const ELLIPSIS = "…";
/** Lines break at spaces, never at a no-break space (the one in "1 299,90 €" keeps the amount whole). */
const BREAKABLE = /[ \t\r\n]+/;

/** Words wrapped into lines no wider than `width`; a word wider than a line is cut where it must. */
export function wrapLines(text: string, measure: Measure, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(BREAKABLE).filter(Boolean)) {
    const joined = line ? `${line} ${word}` : word;
    if (measure(joined, size) <= width) {
      line = joined;
      continue;
    }
    if (line) lines.push(line);
    line = word;
    while (measure(line, size) > width && line.length > 1) {
      const cut = longestFittingPrefix(line, measure, size, width);
      lines.push(line.slice(0, cut));
      line = line.slice(cut);
    }
  }
  if (line) lines.push(line);
  return lines;
}

function longestFittingPrefix(text: string, measure: Measure, size: number, width: number): number {
  let length = text.length - 1;
  while (length > 1 && measure(text.slice(0, length), size) > width) length--;
  return length;
}

/** A text on one line, cut with an ellipsis where it would pass `width`. */
export function ellipsize(text: string, measure: Measure, size: number, width: number): string {
  if (measure(text, size) <= width) return text;
  let kept = text;
  while (kept.length > 0 && measure(`${kept}${ELLIPSIS}`, size) > width) kept = kept.slice(0, -1).trimEnd();
  return kept ? `${kept}${ELLIPSIS}` : "";
}

/** A name in at most `maxLines` lines: what does not fit is shortened with an ellipsis on the last line. */
export function shortenToLines(
  text: string,
  measure: Measure,
  size: number,
  width: number,
  maxLines: number,
): string[] {
  const lines = wrapLines(text, measure, size, width);
  if (lines.length <= maxLines) return lines;
  const rest = lines.slice(maxLines - 1).join(" ");
  return [...lines.slice(0, maxLines - 1), ellipsize(rest, measure, size, width)];
}

/**
 * A text that must be read whole (a price, the prior-price notice): the largest size from
 * `maxSize` down to `minSize` (in quarter points) at which it fits `maxLines` lines. Below the
 * smallest it is shortened all the same, so that it never runs past its box.
 */
export function fitWhole(
  text: string,
  measure: Measure,
  maxSize: number,
  minSize: number,
  width: number,
  maxLines: number,
): { size: number; lines: string[] } {
  for (let size = maxSize; size >= minSize; size -= 0.25) {
    const lines = wrapLines(text, measure, size, width);
    if (lines.length <= maxLines && !cutInsideWord(text, lines)) return { size, lines };
  }
  return { size: minSize, lines: shortenToLines(text, measure, minSize, width, maxLines) };
}

/** Whether wrapping had to cut a word (a price cut in two is no price). */
function cutInsideWord(text: string, lines: string[]): boolean {
  return lines.length !== 0 && lines.join(" ") !== text.split(BREAKABLE).filter(Boolean).join(" ");
}
