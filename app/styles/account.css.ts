import { style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

export const grid = style({
  display: "grid",
  gridTemplateColumns: "repeat(auto-fit, minmax(min(100%, 360px), 1fr))",
  gap: vars.space.xl,
  alignItems: "start",
  maxWidth: "960px",
});
export const row = style({
  display: "grid",
  gridTemplateColumns: "repeat(auto-fit, minmax(min(100%, 160px), 1fr))",
  columnGap: vars.space.lg,
});
export const note = style({ fontSize: vars.fontSize.sm, color: vars.color.textMuted, marginTop: 0 });
export const footer = style({ display: "flex", justifyContent: "flex-end", marginTop: vars.space.md });
