import { describe, expect, test } from "vitest";
import {
  LABEL_LAYOUT_IDS,
  LABEL_LAYOUTS,
  labelOrigin,
  labelsPerPage,
  MAX_LABELS_PER_PRINT,
  planLabelPrint,
} from "./label-layouts";

describe("label layouts", () => {
  test("each A4 grid is centred on the sheet and stays on it", () => {
    for (const id of LABEL_LAYOUT_IDS) {
      const layout = LABEL_LAYOUTS[id];
      if (layout.kind !== "sheet") continue;
      const last = labelOrigin(layout, labelsPerPage(layout) - 1);
      const right = layout.pageWidth - (last.x + layout.labelWidth);
      const bottom = layout.pageHeight - (last.y + layout.labelHeight);
      expect(right).toBeCloseTo(layout.marginLeft, 5);
      expect(bottom).toBeCloseTo(layout.marginTop, 5);
      expect(layout.marginLeft).toBeGreaterThanOrEqual(0);
      expect(layout.marginTop).toBeGreaterThanOrEqual(0);
    }
  });

  test("the sheets hold 24, 14 and 40 labels", () => {
    expect(labelsPerPage(LABEL_LAYOUTS["a4-3x8"])).toBe(24);
    expect(labelsPerPage(LABEL_LAYOUTS["a4-2x7"])).toBe(14);
    expect(labelsPerPage(LABEL_LAYOUTS["a4-4x10"])).toBe(40);
    expect(LABEL_LAYOUTS["a4-4x10"]).toMatchObject({ marginLeft: 8, marginTop: 21.5 });
  });
});

describe("a print is checked before it is drawn", () => {
  test("an unknown layout is refused", () => {
    expect(planLabelPrint({ layout: "a4-9x9", count: 1 })).toEqual({
      ok: false,
      refusal: { reason: "unknownLayout", layout: "a4-9x9" },
    });
  });

  test("an offset past the sheet is refused; the last label of the sheet is not past it", () => {
    expect(planLabelPrint({ layout: "a4-3x8", offset: 24, count: 1 })).toEqual({
      ok: false,
      refusal: { reason: "offsetPastSheet", labelsPerSheet: 24 },
    });
    expect(planLabelPrint({ layout: "a4-3x8", offset: -1, count: 1 }).ok).toBe(false);
    expect(planLabelPrint({ layout: "a4-3x8", offset: 23, count: 1 }).ok).toBe(true);
  });

  test("more than 5,000 labels in one print are refused", () => {
    expect(planLabelPrint({ layout: "a4-4x10", count: MAX_LABELS_PER_PRINT + 1 })).toEqual({
      ok: false,
      refusal: { reason: "tooManyLabels", max: 5000 },
    });
    expect(planLabelPrint({ layout: "a4-4x10", count: 5000 }).ok).toBe(true);
    expect(planLabelPrint({ layout: "a4-4x10", count: 0 })).toEqual({
      ok: false,
      refusal: { reason: "noLabels" },
    });
  });

  test("a roll needs its printer's dpi and takes no offset", () => {
    expect(planLabelPrint({ layout: "roll-58x40", count: 1 })).toMatchObject({
      refusal: { reason: "dpiRequired" },
    });
    expect(planLabelPrint({ layout: "roll-58x40", dpi: 600, count: 1 }).ok).toBe(false);
    expect(planLabelPrint({ layout: "roll-62x29", dpi: 300, offset: 3, count: 1 })).toEqual({
      ok: false,
      refusal: { reason: "offsetOnRoll" },
    });
    expect(planLabelPrint({ layout: "roll-62x29", dpi: 300, count: 2 })).toMatchObject({
      ok: true,
      plan: { dpi: 300 },
    });
  });
});
