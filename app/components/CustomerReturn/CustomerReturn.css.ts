import { style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

/** One order line of a return's form: what was sold, then its fields; wraps on a phone. */
export const line = style({
  display: "flex",
  flexDirection: "column",
  gap: vars.space.md,
  padding: `${vars.space.md} 0`,
  border: "none",
  borderBottom: `1px solid ${vars.color.border}`,
  margin: 0,
  minWidth: 0,
  selectors: { "&:last-of-type": { borderBottom: "none" } },
});

export const lineHead = style({
  display: "flex",
  flexWrap: "wrap",
  gap: `${vars.space.xs} ${vars.space.md}`,
});

export const lineFields = style({
  display: "grid",
  gridTemplateColumns: "repeat(auto-fit, minmax(min(100%, 12rem), 1fr))",
  gap: vars.space.md,
  alignItems: "start",
});

/** A tracked line's units to tick: one a row, its guarantee beside it. */
export const units = style({
  display: "flex",
  flexDirection: "column",
  gap: vars.space.xs,
  margin: 0,
  padding: 0,
  border: "none",
  minWidth: 0,
});

export const unit = style({
  display: "flex",
  flexWrap: "wrap",
  alignItems: "baseline",
  gap: `0 ${vars.space.sm}`,
});

export const serial = style({ fontFamily: vars.font.mono, overflowWrap: "anywhere" });

export const replacements = style({ fontFamily: vars.font.mono, resize: "vertical" });

export const problems = style({
  margin: 0,
  paddingLeft: "1.2rem",
  color: vars.color.danger,
  fontSize: vars.fontSize.sm,
});

/** "Outside the guarantee: liability for defects may still apply": said, never a refusal. */
export const guaranteeEnded = style({
  color: vars.color.warning,
  fontWeight: 600,
  fontSize: vars.fontSize.sm,
});

export const guarantee = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm });

export const unitList = style({ margin: 0, padding: 0, listStyle: "none" });
