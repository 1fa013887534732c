import { style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

export const form = style({ display: "flex", flexDirection: "column", gap: vars.space.lg });
export const line = style({
  display: "grid",
  gridTemplateColumns: "repeat(auto-fit, minmax(min(100%, 16rem), 1fr))",
  gap: vars.space.md,
  paddingBottom: vars.space.md,
  borderBottom: `1px solid ${vars.color.border}`,
});
export const lineTitle = style({
  gridColumn: "1 / -1",
  margin: 0,
  fontWeight: 600,
  overflowWrap: "anywhere",
});
/** The units in stock to tick: a short scrolling list, never wider than the card. */
export const picks = style({
  margin: 0,
  padding: vars.space.sm,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  maxHeight: "12rem",
  overflowY: "auto",
  minWidth: 0,
});
export const legend = style({ fontSize: vars.fontSize.sm, fontWeight: 600, padding: `0 ${vars.space.xs}` });
export const pick = style({
  display: "flex",
  gap: vars.space.sm,
  alignItems: "center",
  fontFamily: vars.font.mono,
  fontSize: vars.fontSize.sm,
  overflowWrap: "anywhere",
  padding: `${vars.space.xs} 0`,
});
export const field = style({ display: "flex", flexDirection: "column", gap: vars.space.xs, minWidth: 0 });
export const label = style({ fontSize: vars.fontSize.sm, fontWeight: 600 });
export const input = style({
  width: "100%",
  padding: `${vars.space.xs} ${vars.space.sm}`,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  fontFamily: vars.font.mono,
  resize: "vertical",
  selectors: { '&[aria-invalid="true"]': { borderColor: vars.color.danger } },
});
export const hint = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm, margin: 0 });
export const problems = style({
  gridColumn: "1 / -1",
  margin: 0,
  padding: 0,
  listStyle: "none",
  color: vars.color.danger,
  fontSize: vars.fontSize.sm,
});
export const refused = style({ margin: 0, color: vars.color.danger, fontWeight: 600 });
