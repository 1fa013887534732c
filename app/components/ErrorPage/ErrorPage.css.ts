import { style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

export const page = style({
  minHeight: "100vh",
  display: "grid",
  placeItems: "center",
  padding: vars.space.xl,
});
export const card = style({
  maxWidth: "480px",
  width: "100%",
  textAlign: "center",
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  padding: vars.space.xxl,
  boxShadow: vars.shadow.card,
});
export const icon = style({
  color: vars.color.danger,
  display: "flex",
  justifyContent: "center",
  marginBottom: vars.space.md,
});
export const text = style({ color: vars.color.textMuted, margin: `${vars.space.md} 0 ${vars.space.xl}` });
