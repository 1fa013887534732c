import { style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

/** A text typed into a table's cell (a loss note): wide enough to read. */
export const textInput = style({
  width: "12rem",
  maxWidth: "100%",
  padding: `${vars.space.xs} ${vars.space.sm}`,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  selectors: { '&[aria-invalid="true"]': { borderColor: vars.color.danger } },
});

/** A line's receipt fields in one cell, one under the other. */
export const receiptFields = style({
  display: "flex",
  flexDirection: "column",
  alignItems: "flex-start",
  gap: vars.space.xs,
});

/** A new transfer's line: its SKU, quantity and serials side by side, wrapping on a phone. */
export const lineRow = style({
  display: "flex",
  flexWrap: "wrap",
  gap: vars.space.sm,
  alignItems: "flex-start",
});

export const serialList = style({
  margin: 0,
  padding: 0,
  listStyle: "none",
  fontFamily: vars.font.mono,
  fontSize: vars.fontSize.sm,
});

export const muted = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm });
