import { style, styleVariants } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

export const grid = style({
  display: "grid",
  gridTemplateColumns: "repeat(auto-fit, minmax(min(100%, 380px), 1fr))",
  gap: vars.space.xl,
  alignItems: "start",
});
export const row = style({
  display: "grid",
  gridTemplateColumns: "repeat(2, minmax(0, 1fr))",
  gap: vars.space.md,
});
export const buttons = style({ display: "flex", gap: vars.space.md });
export const figures = style({
  display: "grid",
  gridTemplateColumns: "repeat(3, minmax(0, 1fr))",
  gap: vars.space.md,
});
export const figure = style({ display: "flex", flexDirection: "column", gap: vars.space.xs });
export const label = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm });
export const value = style({ fontSize: vars.fontSize.xl, fontWeight: 700, overflowWrap: "anywhere" });
export const placeholder = style({ color: vars.color.textMuted, margin: 0 });
export const note = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm, marginBottom: 0 });
const band = style({
  padding: vars.space.md,
  borderRadius: vars.radius.md,
  marginBottom: vars.space.sm,
  borderLeft: "4px solid",
});
export const guideline = styleVariants({
  low: [band, { background: vars.color.dangerSoft, borderColor: vars.color.danger }],
  medium: [band, { background: vars.color.warningSoft, borderColor: vars.color.warning }],
  high: [band, { background: vars.color.successSoft, borderColor: vars.color.success }],
});
export const flagged = style({ color: vars.color.danger, fontWeight: 600 });
