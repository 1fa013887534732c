import { style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

/**
 * A cell of several lines (a price, then what it may claim): one box, so that a stacked row on a
 * phone lays it out as one value beside its label, not as words side by side.
 */
export const lines = style({
  display: "inline-flex",
  flexDirection: "column",
  alignItems: "flex-end",
  gap: 2,
});

/** The second line's smaller, quieter words. */
export const note = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm });
