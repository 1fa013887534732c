import { style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

// Sizes are in the viewBox's units: the drawing scales to its column. A chart is drawn twice, wide
// and narrow, and only the one that suits the screen is shown (the other is display: none, out of
// the accessibility tree too): text keeps a readable size from a 390 px phone to a wide screen.
const phone = "(max-width: 640px)";
export const chart = style({ display: "block", width: "100%", height: "auto", maxWidth: "1000px" });
export const wide = style({ "@media": { [phone]: { display: "none" } } });
export const narrow = style({ display: "none", "@media": { [phone]: { display: "block" } } });
/** A chart's card gives the drawing more of a phone's width. */
export const card = style({ "@media": { [phone]: { padding: vars.space.md } } });
export const grid = style({ stroke: vars.color.border, strokeWidth: 1 });
export const axisLine = style({ stroke: vars.color.textMuted, strokeWidth: 1 });
export const axis = style({ fill: vars.color.textMuted, fontSize: "13px" });
export const bar = style({ fill: vars.color.primary });
export const margin = style({ stroke: vars.color.success, strokeWidth: 2.5, fill: "none" });
export const marginDot = style({ fill: vars.color.success });
export const atPrice = style({ stroke: vars.color.primary, strokeWidth: 2.5, fill: "none" });
export const atPriceDot = style({ fill: vars.color.primary });
export const atCost = style({
  stroke: vars.color.warning,
  strokeWidth: 2.5,
  fill: "none",
  strokeDasharray: "6 4",
});
export const atCostDot = style({ fill: vars.color.warning });
export const figure = style({ margin: 0 });
export const legend = style({
  display: "flex",
  flexWrap: "wrap",
  gap: `${vars.space.xs} ${vars.space.lg}`,
  fontSize: vars.fontSize.sm,
  color: vars.color.textMuted,
});
export const swatch = style({
  display: "inline-block",
  width: "18px",
  height: "10px",
  verticalAlign: "middle",
  marginRight: vars.space.xs,
  borderRadius: "2px",
});
export const lineSwatch = style([swatch, { height: "3px" }]);

// The report's table and form around the charts.
export const periodRow = style({ fontWeight: 600 });
export const totalRow = style({ fontWeight: 700, background: vars.color.surfaceMuted });
export const problems = style({
  margin: `0 0 ${vars.space.lg}`,
  padding: vars.space.lg,
  border: `1px solid ${vars.color.danger}`,
  borderRadius: vars.radius.lg,
  background: vars.color.dangerSoft,
  color: vars.color.danger,
});
export const problemList = style({ margin: `${vars.space.xs} 0 0`, paddingLeft: "1.2rem" });
export const downloads = style({ display: "flex", flexWrap: "wrap", gap: vars.space.sm });
export const section = style({ marginBottom: vars.space.xl });
export const lead = style({
  margin: `0 0 ${vars.space.md}`,
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
});
