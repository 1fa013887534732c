import { style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

/** The guard's box: a danger-edged note above the form's buttons. */
export const box = style({
  display: "flex",
  flexDirection: "column",
  gap: vars.space.sm,
  padding: vars.space.md,
  borderInlineStart: `4px solid ${vars.color.danger}`,
  background: vars.color.surfaceMuted,
  minWidth: 0,
  // A whole row in a form whose fields sit side by side.
  flexBasis: "100%",
});

export const title = style({ margin: 0, fontWeight: 700 });

export const list = style({ margin: 0, paddingInlineStart: vars.space.lg, overflowWrap: "anywhere" });

export const hint = style({ margin: 0, color: vars.color.textMuted, fontSize: vars.fontSize.sm });
