import { globalStyle, style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

export const panel = style({ display: "flex", flexDirection: "column", gap: vars.space.md });
// The panel's gap spaces its lines; paragraphs' own margins would double it.
globalStyle(`${panel} p`, { margin: 0 });
export const progress = style({
  width: "100%",
  height: "1rem",
  accentColor: vars.color.primary,
});
export const tabs = style({
  display: "flex",
  flexWrap: "wrap",
  gap: vars.space.sm,
  margin: `${vars.space.lg} 0`,
});
export const actions = style({ display: "flex", flexWrap: "wrap", gap: vars.space.md, alignItems: "center" });
/** "old → new": kept on one line, so the arrow reads as one figure turning into another. */
export const transition = style({
  display: "inline-flex",
  alignItems: "center",
  gap: vars.space.xs,
  whiteSpace: "nowrap",
});
export const was = style({ opacity: 0.7 });
export const fix = style({ color: vars.color.danger });
