import { globalStyle, style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

export const section = style({ marginBottom: vars.space.xl });

/** The form's choices side by side as wide as they fit, one under another on a phone. */
export const fields = style({
  display: "grid",
  gridTemplateColumns: "repeat(auto-fill, minmax(min(100%, 220px), 1fr))",
  columnGap: vars.space.lg,
  alignItems: "end",
});
export const groupTitle = style({ fontSize: vars.fontSize.md, margin: `0 0 ${vars.space.sm}` });
export const hint = style({
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
  margin: `0 0 ${vars.space.lg}`,
});
export const refusal = style({ color: vars.color.danger, fontWeight: 600, margin: `0 0 ${vars.space.md}` });
export const actions = style({ display: "flex", flexWrap: "wrap", gap: vars.space.sm, alignItems: "center" });

/** The batch's facts: a term and its value, wrapping on a phone. */
export const facts = style({
  display: "grid",
  gridTemplateColumns: "repeat(auto-fill, minmax(min(100%, 240px), 1fr))",
  gap: `${vars.space.sm} ${vars.space.lg}`,
  margin: `0 0 ${vars.space.lg}`,
});
export const term = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm });
export const value = style({ margin: 0, fontWeight: 500, overflowWrap: "anywhere" });
export const sectionTitle = style({ fontSize: vars.fontSize.lg, margin: `0 0 ${vars.space.sm}` });
export const up = style({ color: vars.color.success, fontWeight: 600 });
export const down = style({ color: vars.color.danger, fontWeight: 600 });
export const flags = style({ display: "flex", flexWrap: "wrap", gap: vars.space.xs, minWidth: 0 });
// A flag with a price in it ("Alennusväite ei päde (2 052 487,90 €)") is longer than a stacked
// row's value on a phone: its words wrap within the row (over the table's one-line badges,
// `td span[data-tone]` in Table.css.ts).
globalStyle(`main td ${flags} > span[data-tone]`, { whiteSpace: "normal", maxWidth: "100%" });
export const nowrap = style({ whiteSpace: "nowrap" });

/** A button whose words are long (Finnish, with a count): they wrap on a phone rather than overflow. */
export const longButton = style({ whiteSpace: "normal", textAlign: "center" });
