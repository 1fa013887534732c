import { style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

/** The header's file links and its add button, side by side; on a phone they wrap. */
export const actions = style({
  display: "flex",
  flexWrap: "wrap",
  alignItems: "center",
  gap: vars.space.sm,
});
