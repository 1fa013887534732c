import { style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

export const summary = style({ marginBottom: vars.space.lg, color: vars.color.textMuted });
export const groups = style({ display: "flex", flexDirection: "column", gap: vars.space.xl });
export const head = style({
  display: "flex",
  flexWrap: "wrap",
  alignItems: "baseline",
  justifyContent: "space-between",
  gap: vars.space.sm,
  marginBottom: vars.space.md,
});
export const name = style({ fontSize: vars.fontSize.lg, margin: 0, minWidth: 0 });
export const facts = style({
  display: "flex",
  flexWrap: "wrap",
  gap: `${vars.space.xs} ${vars.space.lg}`,
  margin: 0,
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
});
export const fact = style({ whiteSpace: "nowrap" });
export const own = style({ fontWeight: 600 });

/** The supplier's "Draft a purchase order" button, under its lines. */
export const draft = style({ display: "flex", justifyContent: "flex-end", marginTop: vars.space.md });
