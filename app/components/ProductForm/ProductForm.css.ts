import { style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

export const grid = style({
  display: "grid",
  gridTemplateColumns: "repeat(auto-fit, minmax(220px, 1fr))",
  columnGap: vars.space.lg,
});
export const footer = style({
  display: "flex",
  justifyContent: "flex-end",
  gap: vars.space.md,
  marginTop: vars.space.md,
});
