import { style, styleVariants } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

const base = style({
  display: "inline-flex",
  alignItems: "center",
  justifyContent: "center",
  gap: vars.space.sm,
  padding: `${vars.space.sm} ${vars.space.lg}`,
  borderRadius: vars.radius.md,
  border: "1px solid transparent",
  fontWeight: 600,
  fontSize: vars.fontSize.md,
  textDecoration: "none",
  cursor: "pointer",
  whiteSpace: "nowrap",
  selectors: { "&:disabled, &[aria-disabled='true']": { opacity: 0.6, cursor: "not-allowed" } },
});

export const button = styleVariants({
  primary: [
    base,
    {
      background: vars.color.primary,
      color: vars.color.primaryText,
      selectors: { "&:hover:not(:disabled)": { background: vars.color.primaryHover } },
    },
  ],
  secondary: [
    base,
    {
      background: vars.color.surface,
      color: vars.color.text,
      borderColor: vars.color.border,
      selectors: { "&:hover:not(:disabled)": { background: vars.color.surfaceMuted } },
    },
  ],
  danger: [base, { background: vars.color.danger, color: "#fff" }],
  ghost: [
    base,
    {
      background: "transparent",
      color: "inherit",
      padding: `${vars.space.xs} ${vars.space.sm}`,
      selectors: { "&:hover:not(:disabled)": { background: vars.color.neutralSoft } },
    },
  ],
});
