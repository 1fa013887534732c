import { style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

/** Apart from the print form's card above it. */
export const card = style({ marginTop: vars.space.lg });
export const lead = style({ marginTop: 0, color: vars.color.textMuted, fontSize: vars.fontSize.sm });
