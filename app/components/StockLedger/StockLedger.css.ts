import { style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

/** The movement form: quantity, reason and note side by side, wrapping on a narrow frame. */
export const form = style({
  display: "grid",
  gridTemplateColumns: "repeat(auto-fit, minmax(min(100%, 150px), 1fr))",
  columnGap: vars.space.lg,
  alignItems: "start",
});
export const wide = style({ gridColumn: "1 / -1" });
export const hint = style({
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
  margin: `0 0 ${vars.space.md}`,
});
export const footer = style({ display: "flex", justifyContent: "flex-end" });
export const spaced = style({ marginTop: vars.space.lg });
export const into = style({ color: vars.color.success, fontWeight: 600 });
export const out = style({ color: vars.color.danger, fontWeight: 600 });
