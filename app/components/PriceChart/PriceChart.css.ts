import { style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

export const chart = style({ width: "100%", height: "auto", maxHeight: "260px" });
export const grid = style({ stroke: vars.color.border, strokeWidth: 1 });
export const axis = style({ fill: vars.color.textMuted, fontSize: "11px" });
export const selling = style({ stroke: vars.color.primary, strokeWidth: 2.5, fill: "none" });
export const purchase = style({
  stroke: vars.color.warning,
  strokeWidth: 2.5,
  fill: "none",
  strokeDasharray: "6 4",
});
export const sellingDot = style({ fill: vars.color.primary });
export const purchaseDot = style({ fill: vars.color.warning });
export const legend = style({
  display: "flex",
  gap: vars.space.lg,
  fontSize: vars.fontSize.sm,
  color: vars.color.textMuted,
});
export const swatch = style({
  display: "inline-block",
  width: "18px",
  height: "3px",
  verticalAlign: "middle",
  marginRight: vars.space.xs,
});
