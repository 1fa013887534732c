// Shelf labels as a PDF (pdfkit): each label placed by label-placement, its bars drawn as
// rectangles whose widths are whole dots of the printer it goes to (never a raster image).
import PDFDocument from "pdfkit";
import type { Language } from "~/i18n/config";
import type { LabelFacts, LabelWithoutBarcode } from "./label-facts";
import {
  type LabelLayout,
  type LabelPrintRefusal,
  labelOrigin,
  labelsPerPage,
  layoutDpi,
  planLabelPrint,
} from "./label-layouts";
import {
  type FontMeasure,
  type LabelFont,
  type PlacedBarcode,
  PT_PER_MM,
  placeLabelFacts,
} from "./label-placement";

export type LabelPrintOptions = {
  layout: string;
  /** A roll's printer: 203 or 300 dpi. */
  dpi?: number;
  /** Labels already used on the first A4 sheet. */
  offset?: number;
  language: Language;
  /** The calendar day printed on the labels, "YYYY-MM-DD". */
  printedOn: string;
};

export type LabelsPdf =
  | { ok: true; pdf: Buffer; pages: number; withoutBarcode: LabelWithoutBarcode[] }
  | { ok: false; refusal: LabelPrintRefusal };

/** Standard PDF fonts: no font file to ship, and WinAnsi holds €, ä, ö and å. */
const FONTS: Record<LabelFont, string> = { regular: "Helvetica", bold: "Helvetica-Bold" };

export async function labelsPdf(labels: LabelFacts[], options: LabelPrintOptions): Promise<LabelsPdf> {
  const planned = planLabelPrint({ ...options, count: labels.length });
  if (!planned.ok) return planned;
  const { layout, offset } = planned.plan;
  const dpi = layoutDpi(layout, planned.plan.dpi);
  const perPage = labelsPerPage(layout);
  const pageSize = pageSizePt(layout);

  const doc = new PDFDocument({
    autoFirstPage: false,
    margin: 0,
    info: { Title: `Shelf labels ${layout.id}`, Creator: "VoltStock" },
  });
  const done = collect(doc);
  const measure: FontMeasure = (font, text, size) => doc.font(FONTS[font]).fontSize(size).widthOfString(text);
  const withoutBarcode: LabelWithoutBarcode[] = [];
  let pages = 0;

  labels.forEach((facts, index) => {
    const position = offset + index;
    if (index === 0 || position % perPage === 0) {
      doc.addPage({ size: pageSize, margin: 0 });
      pages++;
    }
    const origin = labelOrigin(layout, position % perPage);
    const x = origin.x * PT_PER_MM;
    const y = origin.y * PT_PER_MM;
    const { placed, missing } = placeLabelFacts(
      facts,
      index,
      { language: options.language, printedOn: options.printedOn, layout, dpi, measure },
      x,
    );
    if (missing) withoutBarcode.push(missing);
    for (const item of placed) {
      if (item.kind === "text") {
        doc
          .font(FONTS[item.font])
          .fontSize(item.size)
          .fillColor("black")
          .text(item.text, x + item.x, y + item.y, { lineBreak: false, baseline: "alphabetic" });
      } else {
        drawBarcode(doc, item, x, y);
      }
    }
  });
  doc.end();
  return { ok: true, pdf: await done, pages, withoutBarcode };
}

function pageSizePt(layout: LabelLayout): [number, number] {
  return layout.kind === "sheet"
    ? [layout.pageWidth * PT_PER_MM, layout.pageHeight * PT_PER_MM]
    : [layout.labelWidth * PT_PER_MM, layout.labelHeight * PT_PER_MM];
}

/** Bars as filled rectangles, each a whole number of dots wide; an EAN's guard bars reach into its digits. */
function drawBarcode(doc: PDFKit.PDFDocument, barcode: PlacedBarcode, x: number, y: number) {
  const modulePt = (barcode.moduleDots * 72) / barcode.dpi;
  const left = x + barcode.x;
  const top = y + barcode.top;
  const guardExtra = barcode.digitsSize * 0.5;
  for (const bar of barcode.bars.bars) {
    const height = barcode.barHeight + (bar.guard ? guardExtra : 0);
    doc.rect(left + bar.x * modulePt, top, bar.width * modulePt, height);
  }
  doc.fillColor("black").fill();
  doc.font(FONTS.regular).fontSize(barcode.digitsSize);
  for (const { text, x: centre } of barcode.bars.texts) {
    const width = doc.widthOfString(text);
    doc.text(text, left + centre * modulePt - width / 2, y + barcode.digitsBaseline, {
      lineBreak: false,
      baseline: "alphabetic",
    });
  }
}

function collect(doc: PDFKit.PDFDocument): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on("data", (chunk: Buffer) => chunks.push(chunk));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });
}
