import { style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

/** Below the export cards, across the page: the form's card, then the list. */
export const section = style({ marginBottom: vars.space.xl });

/** The choices side by side as wide as they fit, one under another on a phone. */
export const fields = style({
  display: "grid",
  gridTemplateColumns: "repeat(auto-fill, minmax(min(100%, 220px), 1fr))",
  columnGap: vars.space.lg,
  alignItems: "end",
});

export const listTitle = style({
  fontSize: vars.fontSize.lg,
  margin: `${vars.space.xl} 0 ${vars.space.md}`,
});
