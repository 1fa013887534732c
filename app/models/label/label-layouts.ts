// The shelf-label layouts (issue #30): A4 sheets of self-adhesive labels for a laser printer and
// thermal rolls, in millimetres. Pure: the PDF and the ZPL are drawn from these figures.

export const LABEL_LAYOUT_IDS = ["a4-3x8", "a4-2x7", "a4-4x10", "roll-58x40", "roll-62x29"] as const;
export type LabelLayoutId = (typeof LABEL_LAYOUT_IDS)[number];

/** A thermal printer's resolution; a roll is printed at the one the print names. */
export const ROLL_DPI = [203, 300] as const;
export type RollDpi = (typeof ROLL_DPI)[number];

/**
 * A4 sheets go through a laser printer: bars are laid on its 600 dpi grid, so that a bar is a
 * whole number of the printer's dots there too.
 */
export const SHEET_DPI = 600;

/** A print's file: a PDF (any layout), or ZPL for a Zebra printer (the rolls' layouts). */
export const LABEL_FORMATS = ["pdf", "zpl"] as const;
export type LabelFormat = (typeof LABEL_FORMATS)[number];

export function isLabelFormat(value: unknown): value is LabelFormat {
  return LABEL_FORMATS.includes(value as LabelFormat);
}

/** At most this many labels in one print (a PDF of 5,000 labels is ~210 A4 sheets). */
export const MAX_LABELS_PER_PRINT = 5000;

/** What is printed inside one label, in mm and pt: the rest of the drawing follows from these. */
export type LabelDesign = {
  /** Blank edge inside the label, left and right, top and bottom, mm. */
  padX: number;
  padY: number;
  /** Font sizes in pt: brand, SKU and date; the name; the price; the campaign's prior-price line. */
  smallPt: number;
  namePt: number;
  nameLines: 1 | 2;
  pricePt: number;
  notePt: number;
  /** Height of the bars (without the digits under them), mm. */
  barHeight: number;
  /** The widest module drawn, mm (EAN's nominal 0.33 mm; smaller labels take less). */
  maxModule: number;
};

type LayoutBase = {
  id: LabelLayoutId;
  /** The label, mm. */
  labelWidth: number;
  labelHeight: number;
  design: LabelDesign;
};

export type SheetLayout = LayoutBase & {
  kind: "sheet";
  pageWidth: number;
  pageHeight: number;
  columns: number;
  rows: number;
  /** Sheet margins (left, top) and the gaps between labels, mm. */
  marginLeft: number;
  marginTop: number;
  gapX: number;
  gapY: number;
};

/** A roll prints one label per page; its page is the label. */
export type RollLayout = LayoutBase & { kind: "roll" };

export type LabelLayout = SheetLayout | RollLayout;

const A4 = { pageWidth: 210, pageHeight: 297 };

/** A sheet whose grid is centred on A4, as the label makers cut them (no gaps between labels). */
function sheet(
  id: LabelLayoutId,
  columns: number,
  rows: number,
  labelWidth: number,
  labelHeight: number,
  design: LabelDesign,
): SheetLayout {
  return {
    id,
    kind: "sheet",
    ...A4,
    columns,
    rows,
    labelWidth,
    labelHeight,
    marginLeft: round2((A4.pageWidth - columns * labelWidth) / 2),
    marginTop: round2((A4.pageHeight - rows * labelHeight) / 2),
    gapX: 0,
    gapY: 0,
    design,
  };
}

function round2(mm: number) {
  return Math.round(mm * 100) / 100;
}

export const LABEL_LAYOUTS: Record<LabelLayoutId, LabelLayout> = {
  // 3 x 70 mm fills the A4 width: the outer labels' text keeps 4 mm from the paper's edge, which a
  // laser printer cannot print on.
  "a4-3x8": sheet("a4-3x8", 3, 8, 70, 37, {
    padX: 4,
    padY: 3,
    smallPt: 6,
    namePt: 8.5,
    nameLines: 2,
    pricePt: 20,
    notePt: 5.5,
    barHeight: 8,
    maxModule: 0.33,
  }),
  "a4-2x7": sheet("a4-2x7", 2, 7, 105, 42, {
    padX: 4,
    padY: 3.5,
    smallPt: 7,
    namePt: 10,
    nameLines: 2,
    pricePt: 24,
    notePt: 6.5,
    barHeight: 10,
    maxModule: 0.33,
  }),
  "a4-4x10": sheet("a4-4x10", 4, 10, 48.5, 25.4, {
    padX: 2,
    padY: 2,
    smallPt: 5,
    namePt: 6.5,
    nameLines: 1,
    pricePt: 13,
    notePt: 4.5,
    barHeight: 5.5,
    maxModule: 0.26,
  }),
  "roll-58x40": {
    id: "roll-58x40",
    kind: "roll",
    labelWidth: 58,
    labelHeight: 40,
    design: {
      padX: 2.5,
      padY: 2.5,
      smallPt: 6.5,
      namePt: 9,
      nameLines: 2,
      pricePt: 22,
      notePt: 6,
      barHeight: 9,
      maxModule: 0.38,
    },
  },
  "roll-62x29": {
    id: "roll-62x29",
    kind: "roll",
    labelWidth: 62,
    labelHeight: 29,
    design: {
      padX: 2,
      padY: 2,
      smallPt: 5.5,
      namePt: 7.5,
      nameLines: 1,
      pricePt: 16,
      notePt: 5,
      barHeight: 6.5,
      maxModule: 0.38,
    },
  },
};

export function isLabelLayoutId(value: unknown): value is LabelLayoutId {
  return LABEL_LAYOUT_IDS.includes(value as LabelLayoutId);
}

/** How many labels one page holds: a sheet's grid, or one on a roll. */
export function labelsPerPage(layout: LabelLayout): number {
  return layout.kind === "sheet" ? layout.columns * layout.rows : 1;
}

/** The printer's dots per inch the bars are laid on. */
export function layoutDpi(layout: LabelLayout, dpi: RollDpi): number {
  return layout.kind === "sheet" ? SHEET_DPI : dpi;
}

/** The top-left corner of the label at `position` (0-based, row by row from the top left), mm. */
export function labelOrigin(layout: LabelLayout, position: number): { x: number; y: number } {
  if (layout.kind === "roll") return { x: 0, y: 0 };
  const column = position % layout.columns;
  const row = Math.floor(position / layout.columns) % layout.rows;
  return {
    x: layout.marginLeft + column * (layout.labelWidth + layout.gapX),
    y: layout.marginTop + row * (layout.labelHeight + layout.gapY),
  };
}

/**
 * Why a print is refused; each reason has its message under `labels.refusal.<reason>` (the
 * figures it needs are beside it).
 */
export type LabelPrintRefusal =
  | { reason: "unknownLayout"; layout: string }
  | { reason: "dpiRequired"; allowed: readonly RollDpi[] }
  | { reason: "offsetOnRoll" }
  /** ZPL is for a Zebra's roll: an A4 sheet is printed from the PDF. */
  | { reason: "zplNeedsRoll" }
  | { reason: "offsetPastSheet"; labelsPerSheet: number }
  | { reason: "noLabels" }
  | { reason: "tooManyLabels"; max: number };

/** The i18n key of a refusal's message. */
export function refusalKey(refusal: LabelPrintRefusal): string {
  return `labels.refusal.${refusal.reason}`;
}

export type LabelPrintRequest = {
  layout: string;
  /** A roll's printer resolution; a sheet ignores it. */
  dpi?: number;
  /**
   * Labels of the first sheet already used (0 = start at its first label, 5 = at its sixth),
   * counted row by row from the top left. Sheets only.
   */
  offset?: number;
  count: number;
};

/** A print that passed validation: the layout found and the figures settled. */
export type LabelPrintPlan = { layout: LabelLayout; dpi: RollDpi; offset: number; count: number };

/** Checks a print before anything is drawn: the plan to draw, or why it is refused. */
export function planLabelPrint(
  request: LabelPrintRequest,
): { ok: true; plan: LabelPrintPlan } | { ok: false; refusal: LabelPrintRefusal } {
  const refuse = (refusal: LabelPrintRefusal) => ({ ok: false as const, refusal });
  if (!isLabelLayoutId(request.layout)) return refuse({ reason: "unknownLayout", layout: request.layout });
  const layout = LABEL_LAYOUTS[request.layout];
  const offset = request.offset ?? 0;
  let dpi: RollDpi = 203;
  if (layout.kind === "roll") {
    const wanted = ROLL_DPI.find((allowed) => allowed === request.dpi);
    if (wanted === undefined) return refuse({ reason: "dpiRequired", allowed: ROLL_DPI });
    dpi = wanted;
    if (offset !== 0) return refuse({ reason: "offsetOnRoll" });
  } else if (!Number.isInteger(offset) || offset < 0 || offset >= labelsPerPage(layout)) {
    return refuse({ reason: "offsetPastSheet", labelsPerSheet: labelsPerPage(layout) });
  }
  if (!Number.isInteger(request.count) || request.count < 1) return refuse({ reason: "noLabels" });
  if (request.count > MAX_LABELS_PER_PRINT)
    return refuse({ reason: "tooManyLabels", max: MAX_LABELS_PER_PRINT });
  return { ok: true, plan: { layout, dpi, offset, count: request.count } };
}
