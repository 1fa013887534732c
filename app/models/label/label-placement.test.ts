import PDFDocument from "pdfkit";
import { describe, expect, test } from "vitest";
import { barcodeBars } from "./barcode-bars";
import type { LabelBarcode } from "./label-facts";
import { LABEL_LAYOUT_IDS, LABEL_LAYOUTS, labelOrigin, layoutDpi, ROLL_DPI } from "./label-layouts";
import { digitOverhang, type FontMeasure, PT_PER_MM, placeLabel } from "./label-placement";
import type { LabelTexts } from "./label-words";

const doc = new PDFDocument({ autoFirstPage: false });
const measure: FontMeasure = (font, text, size) =>
  doc
    .font(font === "bold" ? "Helvetica-Bold" : "Helvetica")
    .fontSize(size)
    .widthOfString(text);

/** The most a label says: a long name, a campaign, a unit price, a long brand. */
const crowded: LabelTexts = {
  name: "Sennheiser Momentum 4 Wireless langattomat vastamelukuulokkeet mustat, erikoiserä",
  brand: "Sennheiser Consumer Audio GmbH",
  sku: "SEN-MOM4-BLK-2026",
  price: "1 234 567,90 €",
  priorPrice: "Alin hinta 30 päivän aikana ennen alennusta: 1 299 999,90 €",
  unitPrice: "123 456,79 €/kg",
  printedOn: "22.11.2026",
};

const barcodes: LabelBarcode[] = [
  { kind: "ean13", text: "6417182003455" },
  { kind: "code128", text: "CAB-HDMI-5M" },
];

const layouts = LABEL_LAYOUT_IDS.flatMap((id) =>
  (LABEL_LAYOUTS[id].kind === "roll" ? ROLL_DPI : [203 as const]).map((dpi) => ({ id, dpi })),
);

describe.each(layouts)("on $id at $dpi dpi", ({ id, dpi }) => {
  const layout = LABEL_LAYOUTS[id];
  const pad = layout.design.padX * PT_PER_MM;
  const padY = layout.design.padY * PT_PER_MM;
  const width = layout.labelWidth * PT_PER_MM;
  const height = layout.labelHeight * PT_PER_MM;
  const printerDpi = layoutDpi(layout, dpi);
  // The last label of a sheet: its origin is furthest from the page's dot grid.
  const originX = labelOrigin(layout, 999).x * PT_PER_MM;

  test.each(barcodes)("the most a label says stays inside it, a $kind included", (barcode) => {
    const { placed, barcode: outcome } = placeLabel(
      crowded,
      barcodeBars(barcode),
      layout,
      printerDpi,
      measure,
      originX,
    );
    expect(outcome).toBe("placed");
    let barsTop = height;
    let barcodeEnd = 0;
    let textBottom = 0;
    for (const item of placed) {
      if (item.kind === "text") {
        const right = item.x + measure(item.font, item.text, item.size);
        expect(item.x).toBeGreaterThanOrEqual(pad - 0.01);
        expect(right).toBeLessThanOrEqual(width - pad + 0.01);
        expect(item.y - 0.718 * item.size).toBeGreaterThanOrEqual(padY - 0.01);
        expect(item.y + 0.207 * item.size).toBeLessThanOrEqual(height - padY + 0.01);
        // Texts above the barcode end above its bars; the SKU beside it keeps out of its quiet zone.
        if (barcodeEnd === 0) textBottom = Math.max(textBottom, item.y + 0.207 * item.size);
        else expect(item.x).toBeGreaterThanOrEqual(barcodeEnd - 0.01);
      } else {
        const dot = 72 / printerDpi;
        // The bars start on the page's dot grid and every bar is whole dots wide.
        const dots = (originX + item.x) / dot;
        expect(Math.abs(dots - Math.round(dots))).toBeLessThan(1e-6);
        expect(item.moduleDots).toBeGreaterThanOrEqual(1);
        expect(item.x - item.bars.quietLeft * item.moduleDots * dot).toBeGreaterThanOrEqual(-0.01);
        expect(item.x - digitOverhang(item.bars) * item.moduleDots * dot).toBeGreaterThanOrEqual(pad - 0.01);
        const end = item.x + (item.bars.width + item.bars.quietRight) * item.moduleDots * dot;
        expect(end).toBeLessThanOrEqual(width + 0.01);
        barsTop = item.top;
        barcodeEnd = end;
      }
    }
    expect(textBottom).toBeLessThan(barsTop);
  });

  test("an EAN-13's module is close to the nominal 0.33 mm where the label allows", () => {
    const { placed } = placeLabel(crowded, barcodeBars(barcodes[0]), layout, printerDpi, measure, originX);
    const bars = placed.find((item) => item.kind === "barcode");
    const moduleMm = ((bars?.moduleDots ?? 0) * 25.4) / printerDpi;
    expect(moduleMm).toBeGreaterThanOrEqual(layout.design.maxModule * 0.85);
    expect(moduleMm).toBeLessThanOrEqual(0.4);
  });
});

test("a SKU too long for the label's Code 128 prints without bars, and the label says why", () => {
  const layout = LABEL_LAYOUTS["a4-4x10"];
  const sku = "SEN-MOM4-BLK-2026-SPECIAL-EDITION";
  const { placed, barcode } = placeLabel(
    { ...crowded, sku },
    barcodeBars({ kind: "code128", text: sku }),
    layout,
    600,
    measure,
  );
  expect(barcode).toBe("tooLong");
  expect(placed.some((item) => item.kind === "barcode")).toBe(false);
  const skuLine = placed.find((item) => item.kind === "text" && item.text.startsWith("SEN-"));
  expect(skuLine).toBeDefined();
});
