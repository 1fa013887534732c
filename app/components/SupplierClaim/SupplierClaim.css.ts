import { style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

/** A text typed into a table's cell (a line's note, a replacement serial): wide enough to read. */
export const textInput = style({
  width: "12rem",
  maxWidth: "100%",
  padding: `${vars.space.xs} ${vars.space.sm}`,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  selectors: { '&[aria-invalid="true"]': { borderColor: vars.color.danger } },
});

/** An outcome's fields in one cell: the choice, then what it needs, one under the other. */
export const outcomeFields = style({
  display: "flex",
  flexDirection: "column",
  alignItems: "flex-start",
  gap: vars.space.xs,
});

/** What a supplier's defective products are: one per line, their serials beneath. */
export const products = style({ margin: 0, padding: 0, listStyle: "none", fontSize: vars.fontSize.sm });

export const serials = style({
  color: vars.color.textMuted,
  fontFamily: vars.font.mono,
  overflowWrap: "anywhere",
});

export const muted = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm });
