import { globalStyle, style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";
import { VISUALLY_HIDDEN } from "~/styles/visually-hidden";

export const stack = style({ display: "flex", flexDirection: "column", gap: vars.space.lg, minWidth: 0 });
export const fields = style({
  display: "grid",
  gridTemplateColumns: "repeat(auto-fit, minmax(min(100%, 220px), 1fr))",
  gap: vars.space.md,
});
export const hint = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm, margin: 0 });
/** One line of the editor: its inputs, then what it resolved to; wraps on a narrow screen. */
export const line = style({
  display: "flex",
  flexWrap: "wrap",
  alignItems: "flex-end",
  gap: vars.space.md,
  padding: `${vars.space.md} 0`,
  borderBottom: `1px solid ${vars.color.border}`,
});
export const lineField = style({
  display: "flex",
  flexDirection: "column",
  gap: vars.space.xs,
  minWidth: 0,
});
export const codeField = style([lineField, { flex: "2 1 11rem" }]);
export const quantityField = style([lineField, { flex: "0 1 6rem" }]);
export const priceField = style([lineField, { flex: "1 1 8rem" }]);
export const lineLabel = style({ fontSize: vars.fontSize.sm, fontWeight: 600 });
export const lineInput = style({
  width: "100%",
  padding: `${vars.space.sm} ${vars.space.md}`,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  selectors: { '&[aria-invalid="true"]': { borderColor: vars.color.danger } },
});
export const resolved = style({
  flex: "3 1 14rem",
  display: "flex",
  flexWrap: "wrap",
  alignItems: "center",
  gap: vars.space.sm,
  minWidth: 0,
  minHeight: "2.4rem",
});
export const addLine = style({ paddingTop: vars.space.md });
export const productName = style({ fontWeight: 600, overflowWrap: "anywhere" });
export const lineErrors = style({
  flexBasis: "100%",
  margin: 0,
  paddingLeft: "1.2rem",
  color: vars.color.danger,
});
export const buttons = style({ display: "flex", flexWrap: "wrap", gap: vars.space.sm, alignItems: "center" });
export const totals = style({
  display: "grid",
  gridTemplateColumns: "minmax(0, 1fr) auto",
  gap: `${vars.space.xs} ${vars.space.lg}`,
  margin: 0,
  maxWidth: "28rem",
  marginLeft: "auto",
  width: "100%",
});
export const totalTerm = style({ color: vars.color.textMuted });
export const totalValue = style({ margin: 0, textAlign: "right", fontVariantNumeric: "tabular-nums" });
export const grandTotal = style({ fontWeight: 700, fontSize: vars.fontSize.lg });
export const vatTable = style({
  width: "100%",
  maxWidth: "28rem",
  marginLeft: "auto",
  borderCollapse: "collapse",
  fontSize: vars.fontSize.sm,
  fontVariantNumeric: "tabular-nums",
});
export const vatCell = style({
  textAlign: "right",
  padding: `2px ${vars.space.sm}`,
  borderBottom: `1px solid ${vars.color.border}`,
  whiteSpace: "nowrap",
});
export const confirm = style({
  display: "flex",
  gap: vars.space.sm,
  alignItems: "center",
  padding: vars.space.md,
  borderRadius: vars.radius.md,
  background: vars.color.dangerSoft,
  color: vars.color.danger,
  fontWeight: 600,
});
export const formErrors = style({
  margin: 0,
  paddingLeft: "1.2rem",
  color: vars.color.danger,
  fontWeight: 600,
});
export const facts = style({
  display: "grid",
  gridTemplateColumns: "auto minmax(0, 1fr)",
  gap: `${vars.space.sm} ${vars.space.lg}`,
  margin: 0,
});
export const term = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm });
export const value = style({ margin: 0, fontWeight: 500, overflowWrap: "anywhere" });

/** A move's second question: what it will do, the real button and the way back. */
export const moveConfirm = style({
  display: "flex",
  flexDirection: "column",
  gap: vars.space.md,
  padding: vars.space.lg,
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.danger}`,
  background: vars.color.dangerSoft,
});
export const confirmText = style({ margin: 0, fontWeight: 600, maxWidth: "60ch" });

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

/**
 * The VAT table measures its frame: in a narrow one (a phone) each rate becomes a block of
 * "label amount" lines, so that large figures never widen the page.
 */
export const vatWrap = style({ containerType: "inline-size" });
const narrow = "(max-width: 419.98px)";
globalStyle(`${vatWrap} table, ${vatWrap} tbody`, { "@container": { [narrow]: { display: "block" } } });
globalStyle(`${vatWrap} thead`, {
  "@container": {
    [narrow]: VISUALLY_HIDDEN,
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
