import { globalStyle, style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

export const section = style({ marginTop: vars.space.xl });
export const title = style({ fontSize: vars.fontSize.lg, marginBottom: vars.space.md });

/** The totals table's frame: its long headers ("Arvo ostohintaan (alv 0 %)") wrap. */
export const frame = style({});
globalStyle(`${frame} th`, { whiteSpace: "normal", verticalAlign: "bottom" });

/** A totals row reads like a table's footer: a muted band under a rule, the report named in bold. */
export const totalsRow = style({ background: vars.color.surfaceMuted });
globalStyle(`${totalsRow} td:first-child`, { fontWeight: 600 });
