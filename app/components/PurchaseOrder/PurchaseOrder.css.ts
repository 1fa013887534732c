import { style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

/** A number typed into a table's cell (receive now, unit cost): narrow, right-aligned. */
export const cellInput = style({
  width: "7rem",
  maxWidth: "100%",
  padding: `${vars.space.xs} ${vars.space.sm}`,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  textAlign: "right",
  fontVariantNumeric: "tabular-nums",
  selectors: { '&[aria-invalid="true"]': { borderColor: vars.color.danger } },
});

export const cellErrors = style({
  margin: `${vars.space.xs} 0 0`,
  padding: 0,
  listStyle: "none",
  color: vars.color.danger,
  fontSize: vars.fontSize.sm,
});

/** A note under a line of the editor: the products a search found to choose from. */
export const candidates = style({
  flexBasis: "100%",
  margin: 0,
  paddingLeft: "1.2rem",
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
});

export const received = style({ color: vars.color.success, fontWeight: 600 });

/** A day on its own in a form (the Delivery card): as wide as a day needs, not the whole card. */
export const dateField = style({ maxWidth: "16rem" });

/** A serial-tracked line's serials under its quantity: one per line, wide enough for an IMEI. */
export const serials = style({
  display: "flex",
  flexDirection: "column",
  gap: vars.space.xs,
  textAlign: "left",
});

export const serialsInput = style([
  cellInput,
  { width: "15rem", textAlign: "left", fontFamily: vars.font.mono, resize: "vertical" },
]);
