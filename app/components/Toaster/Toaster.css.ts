import { style, styleVariants } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

export const region = styleVariants({
  corner: {
    position: "fixed",
    right: vars.space.xl,
    bottom: vars.space.xl,
    zIndex: 100,
    maxWidth: "min(420px, calc(100vw - 32px))",
  },
  // In a dialog the toast stands above the form, in the flow: it covers none of the dialog's buttons.
  inline: { marginBottom: vars.space.lg },
});

const base = style({
  display: "flex",
  gap: vars.space.md,
  alignItems: "flex-start",
  padding: vars.space.lg,
  borderRadius: vars.radius.lg,
  boxShadow: "0 8px 24px rgba(16, 24, 40, 0.18)",
  border: "1px solid",
  background: vars.color.surface,
});

export const toast = styleVariants({
  success: [base, { borderColor: vars.color.success, background: vars.color.successSoft }],
  error: [base, { borderColor: vars.color.danger, background: vars.color.dangerSoft }],
  warning: [base, { borderColor: vars.color.warning, background: vars.color.warningSoft }],
  info: [base, { borderColor: vars.color.info, background: vars.color.infoSoft }],
});

export const body = style({ flex: 1 });
export const title = style({ fontWeight: 700, margin: 0 });
export const description = style({ margin: `${vars.space.xs} 0 0` });
