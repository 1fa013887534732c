// A barcode as bars measured in modules, encoded by bwip-js (no encoder of our own), for the PDF
// to draw as rectangles on the printer's dot grid. Pure, but bwip-js is large: Node only.
import bwipjs from "bwip-js/node";
import type { LabelBarcode } from "./label-facts";

export type BarcodeBars = {
  /** What the bars encode. */
  barcode: LabelBarcode;
  /** Bars from the symbol's left edge, in modules; guard bars of an EAN reach down between the digits. */
  bars: { x: number; width: number; guard: boolean }[];
  /** The symbol's width without its quiet zones, in modules. */
  width: number;
  /** The blank a reader needs on either side, in modules (EAN-13: 11 and 7; Code 128: 10). */
  quietLeft: number;
  quietRight: number;
  /** The human-readable line: each text centred at x (modules). */
  texts: { text: string; x: number }[];
};

const QUIET_ZONES: Record<LabelBarcode["kind"], [number, number]> = {
  ean13: [11, 7],
  ean8: [7, 7],
  code128: [10, 10],
};

const BWIPP_IDS: Record<LabelBarcode["kind"], string> = { ean13: "ean13", ean8: "ean8", code128: "code128" };

export function barcodeBars(barcode: LabelBarcode): BarcodeBars {
  // includetext makes bwip-js lengthen the EAN guard bars (their heights tell them apart).
  const [symbol] = bwipjs.raw({ bcid: BWIPP_IDS[barcode.kind], text: barcode.text, includetext: true });
  if (!symbol || !("sbs" in symbol)) throw new Error(`bwip-js gave no linear symbol for ${barcode.kind}`);
  const shortest = Math.min(...symbol.bhs);
  const bars: BarcodeBars["bars"] = [];
  let x = 0;
  symbol.sbs.forEach((modules, index) => {
    // sbs alternates bar, space, bar, ... starting with a bar.
    if (index % 2 === 0) bars.push({ x, width: modules, guard: symbol.bhs[index / 2] > shortest });
    x += modules;
  });
  const [quietLeft, quietRight] = QUIET_ZONES[barcode.kind];
  const texts =
    barcode.kind === "code128" ? [{ text: barcode.text, x: x / 2 }] : eanDigits(barcode.text, bars);
  return { barcode, bars, width: x, quietLeft, quietRight, texts };
}

/**
 * An EAN's digits under its two halves, between the guard bars (and an EAN-13's first digit in
 * front of the symbol, in its quiet zone), as the GS1 layout has them.
 */
function eanDigits(code: string, bars: BarcodeBars["bars"]): BarcodeBars["texts"] {
  const guards = bars.filter((bar) => bar.guard);
  // Three guard pairs: start, centre, end. A digit is 7 modules wide.
  const leftStart = guards[1].x + guards[1].width;
  const rightStart = guards[3].x + guards[3].width + 1;
  const half = code.length === 13 ? 6 : 4;
  const first = code.length === 13 ? [{ text: code[0], x: -4.5 }] : [];
  const rest = code.slice(code.length === 13 ? 1 : 0);
  return [
    ...first,
    ...[...rest].map((digit, i) => ({
      text: digit,
      x: (i < half ? leftStart + i * 7 : rightStart + (i - half) * 7) + 3.5,
    })),
  ];
}
