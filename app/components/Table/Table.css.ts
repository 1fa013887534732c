import { globalStyle, style, styleVariants } from "@vanilla-extract/css";
import { iconLook } from "~/components/Icon/Icon.css";
import { CSS_ICONS, iconDataUrl } from "~/components/Icon/icon-paths";
import { vars } from "~/styles/theme.css";
import { VISUALLY_HIDDEN } from "~/styles/visually-hidden";

/**
 * Tables measure the frame they stand in (a CSS container), not the window: a list in a dialog, a
 * card or the main column gives way the same. Below `secondaryFrom` the optional columns (beyond the
 * spec's) hide; below `foldFrom` the spec's folding columns too (the main column of a 1366 x 900
 * window is about 1,070 px, so every column the spec lists stands there); below `stackBelow` each
 * row becomes a card of "label value" lines, which is what a phone shows.
 */
const secondaryFrom = 1100;
const foldFrom = 1040;
const stackBelow = 640;
const stacked = `(max-width: ${stackBelow - 0.02}px)`;

export const wrap = style({
  containerType: "inline-size",
  overflowX: "auto",
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  boxShadow: vars.shadow.card,
});
export const table = style({ width: "100%", borderCollapse: "collapse", fontSize: vars.fontSize.md });
// A cell's and a header's own look, given by the table (no class on each of a page's ~400 cells);
// `:where` keeps them as weak as a class, so that a column's kind (right-aligned figures) still wins.
globalStyle(`${table} :where(th)`, {
  textAlign: "left",
  padding: `${vars.space.sm} 8px`,
  fontSize: vars.fontSize.sm,
  color: vars.color.textMuted,
  fontWeight: 600,
  background: vars.color.surfaceMuted,
  borderBottom: `1px solid ${vars.color.border}`,
  // A header takes two lines (at a space, never inside a word) before its column widens the table:
  // "Ostot yhteensä", "Saldo jälkeen". Never inside a word also in a card, whose text may break
  // anywhere (Card.css.ts): the ledger's "Stock after" and an empty list's "Actions" broke letter by letter.
  verticalAlign: "bottom",
  overflowWrap: "normal",
});
globalStyle(`${table} :where(td)`, {
  padding: `6px 8px`,
  lineHeight: 1.3,
  borderBottom: `1px solid ${vars.color.border}`,
  verticalAlign: "middle",
  overflowWrap: "anywhere",
});
const numericStyle = {
  textAlign: "right",
  fontVariantNumeric: "tabular-nums",
  whiteSpace: "nowrap",
} as const;
export const numeric = style(numericStyle);
export const nowrap = style({ whiteSpace: "nowrap" });
export const mutedStyle = { color: vars.color.textMuted, fontSize: vars.fontSize.sm } as const;
export const muted = style(mutedStyle);
/** A short list inside a cell (an audit row's changed fields), one item a line, no bullets. */
export const plainList = style({
  margin: 0,
  padding: 0,
  listStyle: "none",
  fontSize: vars.fontSize.sm,
  minWidth: "14rem",
  overflowWrap: "anywhere",
});
export const empty = style({ padding: vars.space.xxl, textAlign: "center", color: vars.color.textMuted });
const actionsStyle = {
  display: "flex",
  flexWrap: "nowrap",
  gap: vars.space.xs,
  justifyContent: "flex-end",
  alignItems: "center",
} as const;
export const actions = style(actionsStyle);
export const danger = style({ color: vars.color.danger, fontWeight: 700 });

// Styles below are spread objects rather than composed classes: a composed style is one class
// name more on every cell that has it.
export const ellipsisStyle = {
  display: "block",
  overflow: "hidden",
  textOverflow: "ellipsis",
  whiteSpace: "nowrap",
} as const;
/** One line cut with an ellipsis at most this wide; the element carries the whole text in its title. */
export const ellipsis = styleVariants(
  { "7rem": 7, "9rem": 9, "10rem": 10, "12rem": 12, "14rem": 14, "16rem": 16, "18rem": 18 },
  (rem) => ({ ...ellipsisStyle, maxWidth: `${rem}rem` }),
);
/**
 * One line cut to whatever width its column gets, asking for none itself: for a second line under
 * a name, which must not widen the name's column.
 */
export const ellipsisFillStyle = { ...ellipsisStyle, width: 0, minWidth: "100%", maxWidth: "none" } as const;
export const ellipsisFill = style(ellipsisFillStyle);
/** At most two lines; the element carries the whole text in its title. */
export const clampStyle = {
  display: "-webkit-box",
  WebkitLineClamp: 2,
  WebkitBoxOrient: "vertical",
  overflow: "hidden",
  overflowWrap: "anywhere",
} as const;
export const clamp = style(clampStyle);
/** A code (SKU, EAN) is one word: it never breaks at its hyphens, it is cut with an ellipsis. */
const codeStyle = {
  ...ellipsisStyle,
  maxWidth: "10rem",
  fontFamily: vars.font.mono,
  fontSize: vars.fontSize.sm,
} as const;
export const code = style(codeStyle);
// In a table's rows a code has no class (Code, DataTable.tsx).
globalStyle(`${table} td code:not([class])`, codeStyle);

/**
 * Cell roles: how a column's cells lay out, in the table and when stacked. A table declares its
 * columns' roles once (`data-k`, DataTable: "1p 2c 3f ...", a column's position and a letter for its
 * role), not a class on each of a page's ~400 cells; `cells` selects one role's cells (headers too)
 * as strongly as a class would.
 */
export type CellKind = "primary" | "text" | "code" | "numeric" | "badge" | "actions";
/** The letters of a column that gives way first (`optional`) and of one that folds (`folds`). */
export const OPTIONAL_LETTER = "o";
export const FOLDS_LETTER = "f";
/** The most columns a table has (their labels, roles and folding are declared by position). */
export const LABELLED_COLUMNS = 16;
function cells(letter: string) {
  return Array.from(
    { length: LABELLED_COLUMNS },
    (_, index) => `:where(${table}[data-k~="${index + 1}${letter}"] > * > tr) > :nth-child(${index + 1})`,
  ).join(", ");
}
/**
 * A kind's cells. Its letter in `data-k` is its first ("p" for primary; "t", text, has no styles of
 * its own): DataTable writes `kind[0]`, and the browser's script carries no table of letters.
 */
function kindCells(kind: Exclude<CellKind, "text">) {
  return cells(kind[0]);
}
/** A table may ask less of its name column (`--primary-min`): a ledger's reason. */
globalStyle(kindCells("primary"), { minWidth: "var(--primary-min, 11rem)" });
globalStyle(kindCells("code"), { whiteSpace: "nowrap" });
globalStyle(kindCells("numeric"), numericStyle);
globalStyle(kindCells("badge"), { whiteSpace: "nowrap" });
globalStyle(kindCells("actions"), { width: "1%", whiteSpace: "nowrap", textAlign: "right" });
globalStyle(cells(OPTIONAL_LETTER), {
  "@container": { [`(max-width: ${secondaryFrom - 0.02}px)`]: { display: "none" } },
});
globalStyle(cells(FOLDS_LETTER), {
  "@container": { [`(max-width: ${foldFrom - 0.02}px)`]: { display: "none" } },
});
/** What stands in for a folding column inside another cell while that column is folded. */
export const whileFoldedStyle = {
  "@container": {
    [`(min-width: ${foldFrom}px)`]: { display: "none" },
    [stacked]: { display: "none" },
  },
} as const;
export const whileFolded = style(whileFoldedStyle);
export const headerNumeric = numeric;
// Whatever its cells' kind (figures and badges keep to one line), a header may take two.
globalStyle(`${table} thead th`, { whiteSpace: "normal" });

// Stacked rows: each row a card; the cell's label stands before its value. The labels are the
// table's custom properties --l1, --l2, ... (DataTable), one per column, not an attribute on each of
// the page's cells.
globalStyle(`${table}`, {
  "@container": { [stacked]: { display: "block" } },
});
globalStyle(`${table} thead`, {
  "@container": {
    // A block, so that its hidden overflow applies (a table's header group clips nothing): its
    // headers, on one line each, were still as wide as a row of them and made the table wider
    // than its frame when long words (Finnish) met a badge column.
    [stacked]: { ...VISUALLY_HIDDEN, display: "block" },
  },
});
globalStyle(`${table} tbody`, { "@container": { [stacked]: { display: "block" } } });
globalStyle(`${table} tbody tr`, {
  "@container": {
    [stacked]: {
      display: "block",
      padding: `${vars.space.sm} ${vars.space.md}`,
      borderBottom: `1px solid ${vars.color.border}`,
    },
  },
});
globalStyle(`${table} tbody td`, {
  "@container": {
    [stacked]: {
      display: "flex",
      justifyContent: "space-between",
      alignItems: "center",
      gap: vars.space.md,
      padding: `${vars.space.xs} 0`,
      border: "none",
      textAlign: "right",
      minWidth: 0,
      width: "auto",
    },
  },
});
for (let column = 1; column <= LABELLED_COLUMNS; column++) {
  globalStyle(`${table} tbody td:nth-child(${column})::before`, {
    "@container": { [stacked]: { content: `var(--l${column})` } },
  });
}
// After the labels: the name and the actions stand without one (the same weight, the later wins).
globalStyle(`${table} tbody td::before`, {
  "@container": {
    [stacked]: {
      flex: "0 0 auto",
      maxWidth: "45%",
      textAlign: "left",
      color: vars.color.textMuted,
      fontSize: vars.fontSize.sm,
      fontWeight: 600,
    },
  },
});
globalStyle(`${table} tbody td:is(${kindCells("primary")})`, {
  "@container": { [stacked]: { display: "block", textAlign: "left", fontSize: vars.fontSize.md } },
});
globalStyle(`${table} tbody td:is(${kindCells("primary")}, ${kindCells("actions")})::before`, {
  "@container": { [stacked]: { content: "none" } },
});
globalStyle(`${table} tbody td:is(${kindCells("actions")})`, {
  "@container": { [stacked]: { justifyContent: "flex-end", paddingTop: vars.space.sm } },
});
globalStyle(`${table} tbody td > *`, {
  "@container": { [stacked]: { minWidth: 0 } },
});
globalStyle(`${table} tbody td:is(${cells(OPTIONAL_LETTER)}, ${cells(FOLDS_LETTER)})`, {
  "@container": { [stacked]: { display: "flex" } },
});

/** A row's action: an icon (its word as tooltip) in a table; icon and word in a stacked row. */
const rowActionStyle = {
  display: "inline-flex",
  alignItems: "center",
  gap: vars.space.xs,
  minWidth: "32px",
  minHeight: "32px",
  justifyContent: "center",
  padding: `${vars.space.xs} 6px`,
  border: "1px solid transparent",
  borderRadius: vars.radius.md,
  background: "transparent",
  color: vars.color.textMuted,
  font: "inherit",
  fontWeight: 600,
  fontSize: vars.fontSize.sm,
  textDecoration: "none",
  cursor: "pointer",
} as const;
const rowActionHover = { background: vars.color.neutralSoft, color: vars.color.text } as const;
const rowActionDangerHover = { background: vars.color.dangerSoft, color: vars.color.danger } as const;
const rowActionStacked = {
  "@container": {
    [stacked]: { borderColor: vars.color.border, padding: `${vars.space.xs} ${vars.space.sm}` },
  },
} as const;
export const rowAction = style({
  ...rowActionStyle,
  selectors: { "&:hover": rowActionHover, "&[data-tone='danger']:hover": rowActionDangerHover },
  ...rowActionStacked,
});
// In a table's rows the actions and their links have no classes (RowActions, RowLink): the
// actions column styles them, as it would a class, on every row.
const actionsCells = `:is(${kindCells("actions")})`;
globalStyle(`${actionsCells} > div:not([class])`, actionsStyle);
const rowLink = `${actionsCells} > div > a:not([class])`;
globalStyle(rowLink, { ...rowActionStyle, ...rowActionStacked });
globalStyle(`${rowLink}:hover`, rowActionHover);
globalStyle(`${rowLink}[data-tone='danger']:hover`, rowActionDangerHover);
// A row action's icon and word are styled from its class, not from attributes and classes of their
// own (a page repeats them on every row).
globalStyle(`:is(${rowAction}, ${rowLink}) > svg`, {
  width: "16px",
  height: "16px",
  flex: "none",
  ...iconLook,
});
// An icon the style sheet draws (CSS_ICONS, a row link's `data-i`): its stroke as a mask over the
// text's colour, the same 16 px as an icon element.
globalStyle(`${rowLink}[data-i]::before`, {
  content: '""',
  width: "16px",
  height: "16px",
  flex: "none",
  backgroundColor: "currentColor",
  maskRepeat: "no-repeat",
  maskSize: "contain",
  maskPosition: "center",
});
for (const icon of CSS_ICONS) {
  globalStyle(`${rowLink}[data-i="${icon}"]::before`, { maskImage: iconDataUrl(icon) });
}
/**
 * The action's word: its tooltip in a table, drawn beside its icon in a stacked row from its title
 * (not a second copy of the word on every row).
 */
globalStyle(`:is(:is(${rowAction}, ${rowLink}):has(> svg), ${rowLink}[data-i])::after`, {
  content: "none",
  "@container": { [stacked]: { content: "attr(title)" } },
});
