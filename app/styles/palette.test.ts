import { describe, expect, test } from "vitest";
import { palette } from "./palette";

/** WCAG 2 relative luminance of a #rrggbb colour. */
function luminance(hex: string) {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

function contrast(a: string, b: string) {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light + 0.05) / (dark + 0.05);
}

type Colour = keyof typeof palette;

// Every pair of text on a background the interface draws: badges, toasts, buttons, the sidebar.
const PAIRS: [Colour, Colour][] = [
  ["text", "bg"],
  ["text", "surface"],
  ["textMuted", "bg"],
  ["textMuted", "surface"],
  ["textMuted", "surfaceMuted"],
  ["textMuted", "neutralSoft"],
  ["success", "successSoft"],
  ["warning", "warningSoft"],
  ["danger", "dangerSoft"],
  ["info", "infoSoft"],
  ["danger", "surface"],
  ["primary", "surface"],
  ["primary", "primarySoft"],
  ["primaryText", "primary"],
  ["primaryText", "primaryHover"],
  ["sidebarText", "sidebar"],
  ["sidebarText", "sidebarActive"],
];

describe("the palette", () => {
  test.each(PAIRS)("%s on %s reads at 4.5:1 or better (WCAG AA for small text)", (text, background) => {
    expect(contrast(palette[text], palette[background])).toBeGreaterThanOrEqual(4.5);
  });
});
