// Shelf labels as ZPL for a Zebra thermal printer (a roll layout): one ^XA...^XZ per label, the
// texts where label-placement puts them and the barcode in the printer's own ^BE / ^B8 / ^BC.
import type { Language } from "~/i18n/config";
import type { LabelFacts, LabelWithoutBarcode } from "./label-facts";
import { type LabelPrintRefusal, planLabelPrint } from "./label-layouts";
import { type FontMeasure, type PlacedBarcode, placeLabelFacts } from "./label-placement";

export type LabelZplOptions = { layout: string; dpi?: number; language: Language; printedOn: string };

export type LabelsZpl =
  | { ok: true; zpl: string; withoutBarcode: LabelWithoutBarcode[] }
  | { ok: false; refusal: LabelPrintRefusal };

/**
 * The printer's scalable font 0 has no metrics here: a character is taken as 0.62 of the height
 * (wider than its average), so that a text estimated to fit does fit.
 */
const zplMeasure: FontMeasure = (_font, text, size) => text.length * 0.62 * size;

export function labelsZpl(labels: LabelFacts[], options: LabelZplOptions): LabelsZpl {
  const planned = planLabelPrint({ ...options, count: labels.length });
  if (!planned.ok) return planned;
  const { layout, dpi } = planned.plan;
  if (layout.kind !== "roll") return { ok: false, refusal: { reason: "zplNeedsRoll" } };
  const dots = (pt: number) => Math.round((pt * dpi) / 72);
  // The print width and length never pass the label: whole dots, rounded down.
  const wholeDots = (mm: number) => Math.floor((mm * dpi) / 25.4);
  const withoutBarcode: LabelWithoutBarcode[] = [];
  const zpl = labels.map((facts, index) => {
    const { placed, missing } = placeLabelFacts(facts, index, {
      language: options.language,
      printedOn: options.printedOn,
      layout,
      dpi,
      measure: zplMeasure,
    });
    if (missing) withoutBarcode.push(missing);
    const fields = placed.map((item) =>
      item.kind === "text"
        ? // ^FT places the text's baseline; ^FH lets ^ and ~ in a name print as _5E and _7E.
          `^FT${dots(item.x)},${dots(item.y)}^A0N,${dots(item.size)},${dots(item.size)}^FH_^FD${escapeField(item.text)}^FS`
        : barcodeField(item, dots),
    );
    return [
      "^XA",
      "^CI28",
      `^PW${wholeDots(layout.labelWidth)}`,
      `^LL${wholeDots(layout.labelHeight)}`,
      "^LH0,0",
      ...fields,
      "^PQ1",
      "^XZ",
    ].join("\n");
  });
  return { ok: true, zpl: `${zpl.join("\n")}\n`, withoutBarcode };
}

/**
 * The printer draws the bars (module = ^BY in dots) and their human-readable line. ^BE and ^B8
 * take the digits without the check digit and compute it; a 13th digit would be cut from the left.
 */
function barcodeField(item: PlacedBarcode, dots: (pt: number) => number): string {
  const origin = `^BY${item.moduleDots}^FO${dots(item.x)},${dots(item.top)}`;
  const height = dots(item.barHeight);
  const { kind, text } = item.bars.barcode;
  if (kind === "ean13") return `${origin}^BEN,${height},Y,N^FD${text.slice(0, 12)}^FS`;
  if (kind === "ean8") return `${origin}^B8N,${height},Y,N^FD${text.slice(0, 7)}^FS`;
  return `${origin}^BCN,${height},Y,N,N,A^FH_^FD${escapeField(text)}^FS`;
}

/** Field data under ^FH_: the hex indicator itself, ^ and ~ are written as hex; control characters dropped. */
export function escapeField(text: string): string {
  return text
    .replace(/\p{Cc}/gu, "")
    .replace(/[_^~]/g, (c) => `_${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, "0")}`);
}
