import { style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

/** A totals row reads like a table's footer: a muted band with bold figures. */
export const totalsRow = style({
  background: vars.color.surfaceMuted,
  fontWeight: 600,
});
