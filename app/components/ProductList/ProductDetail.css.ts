import { style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

export const layout = style({
  display: "grid",
  gridTemplateColumns: "minmax(280px, 1fr) minmax(320px, 2fr)",
  gap: vars.space.xl,
  alignItems: "start",
  "@media": { "screen and (max-width: 1000px)": { gridTemplateColumns: "minmax(0, 1fr)" } },
});
export const stack = style({ display: "flex", flexDirection: "column", gap: vars.space.xl, minWidth: 0 });
export const list = style({
  display: "grid",
  gridTemplateColumns: "auto minmax(0, 1fr)",
  gap: `${vars.space.sm} ${vars.space.lg}`,
  margin: 0,
});
export const term = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm });
export const value = style({ margin: 0, fontWeight: 500, overflowWrap: "anywhere" });
export const figures = style({
  display: "grid",
  gridTemplateColumns: "repeat(auto-fit, minmax(min(100%, 150px), 1fr))",
  gap: vars.space.lg,
});
export const figure = style({ display: "flex", flexDirection: "column", gap: vars.space.xs, minWidth: 0 });
// A large amount wraps at its separators rather than running into the next figure.
export const big = style({ fontSize: vars.fontSize.xl, fontWeight: 700, overflowWrap: "anywhere" });
// A fixed box: the page does not move when the picture arrives (its size is unknown until then).
export const image = style({
  width: "100%",
  height: "220px",
  objectFit: "contain",
  borderRadius: vars.radius.md,
  background: vars.color.surfaceMuted,
});
export const back = style({ display: "inline-block", marginBottom: vars.space.md });
export const badges = style({ display: "flex", gap: vars.space.sm, flexWrap: "wrap" });
export const spacedAbove = style({ marginTop: vars.space.lg });
