import { style, styleVariants } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

const base = style({
  display: "inline-flex",
  alignItems: "center",
  gap: vars.space.xs,
  padding: "2px 10px",
  borderRadius: vars.radius.pill,
  fontSize: vars.fontSize.sm,
  fontWeight: 600,
  whiteSpace: "nowrap",
});

export const badge = styleVariants({
  success: [base, { background: vars.color.successSoft, color: vars.color.success }],
  warning: [base, { background: vars.color.warningSoft, color: vars.color.warning }],
  danger: [base, { background: vars.color.dangerSoft, color: vars.color.danger }],
  info: [base, { background: vars.color.infoSoft, color: vars.color.info }],
  neutral: [base, { background: vars.color.neutralSoft, color: vars.color.textMuted }],
});
