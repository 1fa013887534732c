import { style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

/** The new token's text: whole, selectable in one click, wrapping on a phone. */
export const token = style({
  display: "block",
  fontFamily: vars.font.mono,
  fontSize: vars.fontSize.sm,
  wordBreak: "break-all",
  userSelect: "all",
  padding: vars.space.md,
  margin: `${vars.space.sm} 0`,
  background: vars.color.neutralSoft,
  borderRadius: vars.radius.md,
});
