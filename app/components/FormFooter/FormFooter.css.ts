import { style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

export const footer = style({
  display: "flex",
  justifyContent: "flex-end",
  gap: vars.space.md,
  marginTop: vars.space.md,
});
