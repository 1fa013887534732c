// Where each text and the barcode go on one label (pure): the PDF and the ZPL draw what this
// places, in points from the label's top-left corner. Every box stays inside the label's padding.
import type { Language } from "~/i18n/config";
import { type BarcodeBars, barcodeBars } from "./barcode-bars";
import { type LabelBarcode, type LabelFacts, type LabelWithoutBarcode, labelBarcode } from "./label-facts";
import {
  LABEL_LAYOUT_IDS,
  LABEL_LAYOUTS,
  type LabelDesign,
  type LabelLayout,
  type LabelLayoutId,
  ROLL_DPI,
  SHEET_DPI,
} from "./label-layouts";
import { ellipsize, fitWhole, shortenToLines } from "./label-text-fit";
import { type LabelTexts, labelTexts } from "./label-words";

export const PT_PER_MM = 72 / 25.4;

export type LabelFont = "regular" | "bold";
/** The width of a text in a font at a size, pt. */
export type FontMeasure = (font: LabelFont, text: string, size: number) => number;

/** A line of text; `y` is its baseline. */
export type PlacedText = { kind: "text"; font: LabelFont; size: number; x: number; y: number; text: string };
/** The bars and their human-readable line; `x` is where the bars start, on the dot grid. */
export type PlacedBarcode = {
  kind: "barcode";
  x: number;
  top: number;
  barHeight: number;
  /** A module is this many printer dots; a dot is 72 / dpi pt. */
  moduleDots: number;
  dpi: number;
  bars: BarcodeBars;
  /** The human-readable line under the bars: its size and baseline. */
  digitsSize: number;
  digitsBaseline: number;
};
export type Placed = PlacedText | PlacedBarcode;

/** Helvetica's ascent and descent per pt of size (its AFM: 718 and 207 per 1000). */
const ASCENT = 0.718;
const DESCENT = 0.207;
const GAP = 0.7 * PT_PER_MM;
/** A module narrower than this reads badly on a shelf (GS1's smallest X for retail is 0.264 mm at 80 %). */
const MIN_MODULE_MM = 0.19;
/** Bars may give up a quarter of their height for the texts above them, no more. */
const MIN_BAR_SHARE = 0.75;

export type LabelPlacement = { placed: Placed[]; barcode: "placed" | "none" | "tooLong" };

/**
 * Places one label's texts: brand and print date on top, the name (shortened to its lines), the
 * price large with the unit price beside it and the prior-price notice under it; the barcode at
 * the bottom left with its quiet zones inside the label, the SKU at the bottom right.
 * `originX` is the label's left edge on the page (pt), so that the bars fall on the dot grid.
 */
export function placeLabel(
  texts: LabelTexts,
  bars: BarcodeBars | null,
  layout: LabelLayout,
  dpi: number,
  measure: FontMeasure,
  originX = 0,
): LabelPlacement {
  const design = layout.design;
  const width = layout.labelWidth * PT_PER_MM;
  const height = layout.labelHeight * PT_PER_MM;
  const pad = design.padX * PT_PER_MM;
  const padY = design.padY * PT_PER_MM;
  const inner = width - 2 * pad;
  const placed: Placed[] = [];
  const text = (font: LabelFont, size: number, x: number, y: number, line: string) => {
    if (line) placed.push({ kind: "text", font, size, x, y, text: line });
  };

  // Top line: brand on the left, the print date in the right corner.
  let baseline = padY + ASCENT * design.smallPt;
  const dateWidth = measure("regular", texts.printedOn, design.smallPt);
  text("regular", design.smallPt, pad + inner - dateWidth, baseline, texts.printedOn);
  const brandWidth = inner - dateWidth - 2 * GAP;
  text(
    "bold",
    design.smallPt,
    pad,
    baseline,
    ellipsize(texts.brand, bind(measure, "bold"), design.smallPt, brandWidth),
  );
  let bottom = baseline + DESCENT * design.smallPt;

  // The name, in as many lines as the layout gives it.
  const nameLines = shortenToLines(texts.name, bind(measure, "bold"), design.namePt, inner, design.nameLines);
  for (const line of nameLines) {
    baseline = bottom + GAP / 2 + ASCENT * design.namePt;
    text("bold", design.namePt, pad, baseline, line);
    bottom = baseline + DESCENT * design.namePt;
  }

  // The price, whole, large; the unit price beside it when it fits, else under it.
  const price = fitWhole(texts.price, bind(measure, "bold"), design.pricePt, design.pricePt * 0.6, inner, 1);
  baseline = bottom + GAP + ASCENT * price.size;
  text("bold", price.size, pad, baseline, price.lines[0] ?? "");
  bottom = baseline + DESCENT * price.size;
  if (texts.unitPrice) {
    const unitSize = design.smallPt + 1;
    const unitWidth = measure("regular", texts.unitPrice, unitSize);
    const besideX = pad + measure("bold", price.lines[0] ?? "", price.size) + 2 * GAP;
    if (besideX + unitWidth <= pad + inner) {
      text("regular", unitSize, pad + inner - unitWidth, baseline, texts.unitPrice);
    } else {
      const unit = fitWhole(texts.unitPrice, bind(measure, "regular"), unitSize, design.notePt, inner, 1);
      baseline = bottom + GAP / 2 + ASCENT * unit.size;
      text("regular", unit.size, pad, baseline, unit.lines[0] ?? "");
      bottom = baseline + DESCENT * unit.size;
    }
  }
  if (texts.priorPrice) {
    const notice = fitWhole(
      texts.priorPrice,
      bind(measure, "regular"),
      design.notePt,
      design.notePt * 0.8,
      inner,
      2,
    );
    for (const line of notice.lines) {
      baseline = bottom + GAP / 3 + ASCENT * notice.size;
      text("regular", notice.size, pad, baseline, line);
      bottom = baseline + DESCENT * notice.size;
    }
  }

  // The bottom line: the barcode on the left, the SKU on the right (Code 128 prints the SKU itself).
  const skuSize = design.smallPt;
  const skuBaseline = height - padY - DESCENT * skuSize;
  const fit = bars ? barcodeFit(bars, layout, dpi, originX) : null;
  if (bars && fit) {
    const digitsSize = Math.min(design.smallPt + 2, (6 * fit.modulePt) / 0.556);
    const digitsBaseline = height - padY - DESCENT * digitsSize;
    const barsBottom = digitsBaseline - ASCENT * digitsSize - GAP / 3;
    const room = barsBottom - (bottom + GAP);
    const barHeight = Math.min(design.barHeight * PT_PER_MM, room);
    if (barHeight < MIN_BAR_SHARE * design.barHeight * PT_PER_MM) {
      throw new Error(`Label ${layout.id}: ${room.toFixed(1)} pt left for the bars`);
    }
    placed.push({
      kind: "barcode",
      x: fit.x,
      top: barsBottom - barHeight,
      barHeight,
      moduleDots: fit.moduleDots,
      dpi,
      bars,
      digitsSize,
      digitsBaseline,
    });
    const barcodeEnd = fit.x + (bars.width + bars.quietRight) * fit.modulePt;
    const skuRoom = pad + inner - barcodeEnd;
    // An EAN's label still needs its SKU; a Code 128 prints the SKU under its bars.
    if (bars.barcode.kind !== "code128" && skuRoom > 0) {
      const sku = fitWhole(texts.sku, bind(measure, "regular"), skuSize, skuSize * 0.7, skuRoom, 1);
      const shown = sku.lines[0] ?? "";
      const x = pad + inner - measure("regular", shown, sku.size);
      text("regular", sku.size, x, skuBaseline, shown);
    }
    return { placed, barcode: "placed" };
  }
  const sku = ellipsize(texts.sku, bind(measure, "regular"), skuSize, inner);
  text("regular", skuSize, pad, skuBaseline, sku);
  return { placed, barcode: bars ? "tooLong" : "none" };
}

function bind(measure: FontMeasure, font: LabelFont) {
  return (text: string, size: number) => measure(font, text, size);
}

/**
 * The widest whole-dot module, up to the design's, at which the symbol and its quiet zones fit
 * the label's inner width; where the bars start (on the page's dot grid), or null when not even
 * the narrowest readable module fits.
 */
export function barcodeFit(
  bars: BarcodeBars,
  layout: LabelLayout,
  dpi: number,
  originX = 0,
): { moduleDots: number; modulePt: number; x: number } | null {
  const design: LabelDesign = layout.design;
  const dotMm = 25.4 / dpi;
  const dotPt = 72 / dpi;
  const pad = design.padX * PT_PER_MM;
  const labelWidth = layout.labelWidth * PT_PER_MM;
  const fewest = Math.ceil(MIN_MODULE_MM / dotMm);
  for (let dots = Math.max(fewest, Math.round(design.maxModule / dotMm)); dots >= fewest; dots--) {
    const modulePt = dots * dotPt;
    // The quiet zone may lie in the padding; the bars and an EAN-13's first digit may not.
    const start = Math.max(pad + digitOverhang(bars) * modulePt, bars.quietLeft * modulePt);
    const x = Math.ceil((originX + start) / dotPt) * dotPt - originX;
    const end = x + bars.width * modulePt;
    if (end <= labelWidth - pad && end + bars.quietRight * modulePt <= labelWidth) {
      return { moduleDots: dots, modulePt, x };
    }
  }
  return null;
}

/** How far the human-readable line reaches left of the bars, in modules (a digit is 7 wide). */
export function digitOverhang(bars: BarcodeBars): number {
  return Math.max(0, 3.5 - Math.min(...bars.texts.map((t) => t.x)));
}

/**
 * One label of a print laid out, as the PDF and the ZPL both start: its words, its barcode (the
 * EAN, else the SKU), their places, and why it has no barcode if it has none (the print's list).
 */
export function placeLabelFacts(
  facts: LabelFacts,
  index: number,
  print: { language: Language; printedOn: string; layout: LabelLayout; dpi: number; measure: FontMeasure },
  originX = 0,
): LabelPlacement & { missing: LabelWithoutBarcode | null } {
  const barcode = labelBarcode(facts);
  const placement = placeLabel(
    labelTexts(facts, print.language, print.printedOn),
    barcode && barcodeBars(barcode),
    print.layout,
    print.dpi,
    print.measure,
    originX,
  );
  const missing =
    placement.barcode === "placed"
      ? null
      : { index, sku: facts.sku, reason: barcode ? ("tooLong" as const) : ("noCode" as const) };
  return { ...placement, missing };
}

/**
 * What a preview says of a label's barcode before a layout is chosen: the code it carries (null:
 * no valid EAN and no SKU Code 128 can hold) and the layouts it does not fit on (a long SKU's
 * Code 128, at the narrowest readable module; a roll at either of its resolutions), where the
 * label prints without it.
 */
export function barcodeOnLayouts(facts: Pick<LabelFacts, "ean" | "sku">): {
  barcode: LabelBarcode | null;
  tooLongFor: LabelLayoutId[];
} {
  const barcode = labelBarcode(facts);
  if (!barcode) return { barcode, tooLongFor: [] };
  // An EAN's bars have one width whatever its digits: measured once (a preview of 5,000 labels).
  const known = barcode.kind === "code128" ? undefined : eanRoom.get(barcode.kind);
  const tooLongFor = known ?? layoutsWithoutRoom(barcodeBars(barcode));
  if (barcode.kind !== "code128") eanRoom.set(barcode.kind, tooLongFor);
  return { barcode, tooLongFor };
}

const eanRoom = new Map<LabelBarcode["kind"], LabelLayoutId[]>();

function layoutsWithoutRoom(bars: BarcodeBars): LabelLayoutId[] {
  return LABEL_LAYOUT_IDS.filter((id) => {
    const layout = LABEL_LAYOUTS[id];
    const dpis = layout.kind === "sheet" ? [SHEET_DPI] : ROLL_DPI;
    return dpis.some((dpi) => barcodeFit(bars, layout, dpi) === null);
  });
}
