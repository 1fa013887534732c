import { style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

export const header = style({
  display: "flex",
  justifyContent: "space-between",
  alignItems: "flex-end",
  gap: vars.space.lg,
  flexWrap: "wrap",
  marginBottom: vars.space.xl,
});
// A long name of one word (a supplier's "...Elektroniikkatukkukauppa") breaks rather than widen a phone's page.
export const heading = style({ minWidth: 0, overflowWrap: "anywhere" });
export const title = style({ fontSize: vars.fontSize.xxl });
export const lead = style({ margin: `${vars.space.xs} 0 0`, color: vars.color.textMuted });
/** A header's several buttons side by side, wrapping on a phone rather than running off it. */
export const actions = style({ display: "flex", flexWrap: "wrap", alignItems: "center", gap: vars.space.sm });
