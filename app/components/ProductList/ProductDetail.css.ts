import { style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

export const layout = style({
  display: "grid",
  gridTemplateColumns: "minmax(280px, 1fr) minmax(320px, 2fr)",
  gap: vars.space.xl,
  alignItems: "start",
  "@media": { "screen and (max-width: 1000px)": { gridTemplateColumns: "1fr" } },
});
export const stack = style({ display: "flex", flexDirection: "column", gap: vars.space.xl });
export const list = style({
  display: "grid",
  gridTemplateColumns: "auto 1fr",
  gap: `${vars.space.sm} ${vars.space.lg}`,
  margin: 0,
});
export const term = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm });
export const value = style({ margin: 0, fontWeight: 500 });
export const figures = style({
  display: "grid",
  gridTemplateColumns: "repeat(auto-fit, minmax(140px, 1fr))",
  gap: vars.space.lg,
});
export const figure = style({ display: "flex", flexDirection: "column", gap: vars.space.xs });
export const big = style({ fontSize: vars.fontSize.xl, fontWeight: 700 });
export const image = style({
  width: "100%",
  maxHeight: "220px",
  objectFit: "contain",
  borderRadius: vars.radius.md,
  background: vars.color.surfaceMuted,
});
export const back = style({ display: "inline-block", marginBottom: vars.space.md });
export const badges = style({ display: "flex", gap: vars.space.sm, flexWrap: "wrap" });
