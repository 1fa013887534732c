import { globalStyle, style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

/** A number typed into a table's cell (receive now, unit cost): narrow, right-aligned. */
export const cellInput = style({
  width: "7rem",
  maxWidth: "100%",
  padding: `${vars.space.xs} ${vars.space.sm}`,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  textAlign: "right",
  fontVariantNumeric: "tabular-nums",
  selectors: { '&[aria-invalid="true"]': { borderColor: vars.color.danger } },
});

export const cellErrors = style({
  margin: `${vars.space.xs} 0 0`,
  padding: 0,
  listStyle: "none",
  color: vars.color.danger,
  fontSize: vars.fontSize.sm,
});

/** A note under a line of the editor: the products a search found to choose from. */
export const candidates = style({
  flexBasis: "100%",
  margin: 0,
  paddingLeft: "1.2rem",
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
});

/** A move's second question that undoes nothing (sending, closing): calm, not red. */
export const askCalm = style({
  display: "flex",
  flexDirection: "column",
  gap: vars.space.md,
  padding: vars.space.lg,
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
});

export const received = style({ color: vars.color.success, fontWeight: 600 });

/**
 * The VAT table measures its frame: in a narrow one (a phone) each rate becomes a block of
 * "label amount" lines, so that large figures never widen the page.
 */
export const vatWrap = style({ containerType: "inline-size" });
const narrow = "(max-width: 419.98px)";
globalStyle(`${vatWrap} table, ${vatWrap} tbody`, { "@container": { [narrow]: { display: "block" } } });
globalStyle(`${vatWrap} thead`, {
  "@container": {
    [narrow]: {
      position: "absolute",
      width: "1px",
      height: "1px",
      overflow: "hidden",
      clip: "rect(0 0 0 0)",
      whiteSpace: "nowrap",
    },
  },
});
globalStyle(`${vatWrap} tbody tr`, {
  "@container": { [narrow]: { display: "block", padding: `${vars.space.xs} 0` } },
});
globalStyle(`${vatWrap} tbody th`, {
  "@container": { [narrow]: { display: "block", textAlign: "left", border: "none", fontWeight: 700 } },
});
globalStyle(`${vatWrap} tbody td`, {
  "@container": {
    [narrow]: { display: "flex", justifyContent: "space-between", gap: vars.space.md, border: "none" },
  },
});
globalStyle(`${vatWrap} tbody td::before`, {
  "@container": { [narrow]: { content: "attr(data-label)", color: vars.color.textMuted } },
});
