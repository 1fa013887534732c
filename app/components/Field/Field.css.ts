import { style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

export const field = style({
  display: "flex",
  flexDirection: "column",
  gap: vars.space.xs,
  marginBottom: vars.space.lg,
});
export const label = style({ fontWeight: 600, fontSize: vars.fontSize.sm });
export const input = style({
  width: "100%",
  padding: `${vars.space.sm} ${vars.space.md}`,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  color: vars.color.text,
  selectors: { "&[aria-invalid='true']": { borderColor: vars.color.danger } },
});
export const errors = style({
  margin: 0,
  padding: 0,
  listStyle: "none",
  color: vars.color.danger,
  fontSize: vars.fontSize.sm,
});
