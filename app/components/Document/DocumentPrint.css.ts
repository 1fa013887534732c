import { globalStyle, style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";
import { VISUALLY_HIDDEN } from "~/styles/visually-hidden";

/**
 * A printed quote or order: an A4 sheet on screen, the page itself on paper. Black on white, no
 * shadows; every text wraps (long Finnish words, long product names) so nothing passes the page's
 * width, and no table row is split across two pages.
 */
const print = (rule: object) => ({ "@media": { print: rule } });

// The build has one stylesheet, so these hold for any page the browser prints: an A4 page box and
// black on white suit every one of them.
// `size` is a descriptor of @page, not a CSS property, so vanilla-extract's rule type does not
// name it: the page box is a value of its own type, passed as the rule it also is.
const pageBox: { size: string; margin: string } = { size: "A4", margin: "15mm" };
globalStyle("@page", pageBox);
globalStyle("html, body", print({ background: "#fff", color: "#000" }));
globalStyle("*", print({ boxShadow: "none", textShadow: "none" }));

/** A screen narrower than the sheet (a phone): the sheet's content reflows instead of overflowing. */
const phone = "screen and (max-width: 639.98px)";

export const screen = style({
  minHeight: "100vh",
  padding: vars.space.xl,
  background: vars.color.bg,
  "@media": { print: { padding: 0, background: "#fff", minHeight: 0 }, [phone]: { padding: vars.space.sm } },
});
export const toolbar = style({
  maxWidth: "210mm",
  margin: `0 auto ${vars.space.lg}`,
  display: "flex",
  flexWrap: "wrap",
  justifyContent: "space-between",
  alignItems: "center",
  gap: vars.space.md,
  "@media": { print: { display: "none" } },
});
export const printButton = style({
  padding: `${vars.space.sm} ${vars.space.lg}`,
  border: 0,
  borderRadius: vars.radius.md,
  background: vars.color.primary,
  color: "#fff",
  fontWeight: 600,
  cursor: "pointer",
});
export const sheet = style({
  maxWidth: "210mm",
  margin: "0 auto",
  padding: "15mm",
  background: "#fff",
  color: "#000",
  boxShadow: vars.shadow.card,
  fontSize: "10pt",
  lineHeight: 1.35,
  overflowWrap: "anywhere",
  "@media": {
    print: { maxWidth: "none", margin: 0, padding: 0, boxShadow: "none" },
    [phone]: { padding: "5mm" },
  },
});
export const head = style({
  display: "grid",
  gridTemplateColumns: "minmax(0, 1fr) minmax(0, 1fr)",
  gap: "8mm",
  marginBottom: "8mm",
  breakInside: "avoid",
  "@media": { [phone]: { gridTemplateColumns: "minmax(0, 1fr)", gap: "4mm" } },
});
export const shopName = style({ fontSize: "14pt", fontWeight: 700, margin: 0 });
export const shopLine = style({ margin: 0, whiteSpace: "pre-line" });
export const title = style({ fontSize: "18pt", fontWeight: 700, margin: "0 0 2mm" });
export const facts = style({
  display: "grid",
  gridTemplateColumns: "auto minmax(0, 1fr)",
  gap: "1mm 4mm",
  margin: 0,
});
export const term = style({ fontWeight: 600 });
export const value = style({ margin: 0 });
export const customer = style({ marginBottom: "8mm", breakInside: "avoid" });
export const heading = style({
  fontSize: "9pt",
  fontWeight: 700,
  textTransform: "uppercase",
  letterSpacing: "0.04em",
  margin: "0 0 1mm",
});
export const lines = style({
  width: "100%",
  tableLayout: "fixed",
  borderCollapse: "collapse",
  fontSize: "9pt",
  marginBottom: "6mm",
});
export const th = style({
  textAlign: "left",
  verticalAlign: "bottom",
  padding: "1.5mm 1.5mm",
  borderBottom: "1.5pt solid #000",
  fontWeight: 700,
  hyphens: "auto",
});
export const td = style({
  verticalAlign: "top",
  padding: "1.5mm 1.5mm",
  borderBottom: "0.5pt solid #999",
});
export const row = style({ breakInside: "avoid" });
export const number = style({ textAlign: "right", fontVariantNumeric: "tabular-nums" });
/** A code breaks only where the column ends, not at its hyphens. */
export const code = style({ lineBreak: "anywhere" });
export const totals = style({
  width: "100%",
  maxWidth: "100mm",
  marginLeft: "auto",
  breakInside: "avoid",
});
export const sums = style({
  display: "grid",
  gridTemplateColumns: "minmax(0, 1fr) auto",
  // No column gap, so that the grand total's rule runs unbroken under both columns.
  rowGap: "1mm",
  margin: "0 0 3mm",
});
export const sumValue = style({
  margin: 0,
  paddingLeft: "4mm",
  textAlign: "right",
  fontVariantNumeric: "tabular-nums",
});
export const grandTotal = style({
  fontWeight: 700,
  fontSize: "12pt",
  borderTop: "1.5pt solid #000",
  paddingTop: "1mm",
});
export const vatTable = style({
  width: "100%",
  tableLayout: "fixed",
  borderCollapse: "collapse",
  fontSize: "9pt",
  margin: "0 0 3mm",
});
export const notes = style({ marginTop: "6mm", whiteSpace: "pre-line", breakInside: "avoid" });
export const pricesNote = style({ margin: "0 0 2mm", fontSize: "9pt" });
export const caption = style([heading, { textAlign: "left" }]);
// Wide enough for "Quantity" and "Määrä", a 99 999 999,99 € amount and a usual SKU on one line.
export const skuColumn = style({ width: "28mm" });
export const quantityColumn = style({ width: "17mm" });
export const rateColumn = style({ width: "16mm" });
export const amountColumn = style({ width: "26mm" });

/**
 * On a phone each printed line is a block: the product and its SKU, then "label amount" rows (the
 * headings are kept for screen readers). Paper keeps the table.
 */
globalStyle(`${lines}, ${lines} tbody, ${lines} tr`, { "@media": { [phone]: { display: "block" } } });
globalStyle(`${lines} thead`, {
  "@media": {
    [phone]: VISUALLY_HIDDEN,
  },
});
globalStyle(`${lines} tbody tr`, {
  "@media": { [phone]: { padding: "2mm 0", borderBottom: "0.5pt solid #999" } },
});
globalStyle(`${lines} tbody td`, {
  "@media": {
    [phone]: {
      display: "flex",
      justifyContent: "space-between",
      gap: "4mm",
      border: "none",
      padding: "0.5mm 0",
    },
  },
});
globalStyle(`${lines} tbody td:first-child`, { "@media": { [phone]: { fontWeight: 700 } } });
globalStyle(`${lines} tbody td[data-label]::before`, {
  "@media": { [phone]: { content: "attr(data-label)", color: "#555", fontWeight: 400 } },
});

/** The units shipped, by serial, with their guarantees (issue #31): a plain table after the lines. */
export const units = style({ margin: "6mm 0" });
export const unitTable = style({ width: "100%", borderCollapse: "collapse", fontSize: "9pt" });
export const unitHeading = style({
  textAlign: "left",
  fontWeight: 600,
  padding: "1mm 2mm 1mm 0",
  borderBottom: "1px solid #000",
});
export const unitCell = style({
  padding: "1mm 2mm 1mm 0",
  verticalAlign: "top",
  overflowWrap: "anywhere",
  breakInside: "avoid",
});
/** A serial or a day is read whole: never broken inside (the product's name wraps instead). */
export const unitSerial = style({ fontFamily: vars.font.mono, whiteSpace: "nowrap" });
export const unitDay = style({ whiteSpace: "nowrap" });
