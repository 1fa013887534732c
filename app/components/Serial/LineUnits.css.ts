import { style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

export const units = style({
  margin: `${vars.space.xs} 0 0`,
  padding: 0,
  listStyle: "none",
  fontSize: vars.fontSize.sm,
});
export const unit = style({ display: "flex", flexWrap: "wrap", columnGap: vars.space.sm });
export const serial = style({ fontFamily: vars.font.mono, overflowWrap: "anywhere" });
export const guarantee = style({ color: vars.color.textMuted });
