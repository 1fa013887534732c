import { style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

export const stockLevel = style({
  display: "inline-flex",
  alignItems: "center",
  gap: vars.space.sm,
  fontVariantNumeric: "tabular-nums",
});
export const low = style({ color: vars.color.danger, fontWeight: 700 });
