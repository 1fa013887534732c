import { style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

export const wrap = style({
  overflowX: "auto",
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  boxShadow: vars.shadow.card,
});
export const table = style({ width: "100%", borderCollapse: "collapse", fontSize: vars.fontSize.md });
export const th = style({
  textAlign: "left",
  padding: `${vars.space.md} ${vars.space.lg}`,
  fontSize: vars.fontSize.sm,
  color: vars.color.textMuted,
  fontWeight: 600,
  background: vars.color.surfaceMuted,
  borderBottom: `1px solid ${vars.color.border}`,
  whiteSpace: "nowrap",
});
export const td = style({
  padding: `${vars.space.md} ${vars.space.lg}`,
  borderBottom: `1px solid ${vars.color.border}`,
  verticalAlign: "middle",
});
export const numeric = style({
  textAlign: "right",
  fontVariantNumeric: "tabular-nums",
  whiteSpace: "nowrap",
});
export const nowrap = style({ whiteSpace: "nowrap" });
export const muted = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm });
export const empty = style({ padding: vars.space.xxl, textAlign: "center", color: vars.color.textMuted });
export const actions = style({ display: "flex", gap: vars.space.xs, justifyContent: "flex-end" });
export const danger = style({ color: vars.color.danger, fontWeight: 700 });
