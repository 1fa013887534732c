import { globalStyle, style } from "@vanilla-extract/css";
import {
  clampStyle,
  ellipsisFillStyle,
  ellipsisStyle,
  mutedStyle,
  whileFoldedStyle,
} from "~/components/Table/Table.css";
import { vars } from "~/styles/theme.css";

export const filters = style({
  display: "flex",
  flexWrap: "wrap",
  alignItems: "flex-end",
  gap: vars.space.md,
  marginBottom: vars.space.lg,
  padding: vars.space.lg,
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
});
export const filter = style({
  display: "flex",
  flexDirection: "column",
  gap: vars.space.xs,
  minWidth: "150px",
});
export const grow = style({ flex: "1 1 220px" });
export const label = style({ fontSize: vars.fontSize.sm, fontWeight: 600 });
export const control = style({
  selectors: { "select&": { maxWidth: "16rem" } },
  padding: `${vars.space.sm} ${vars.space.md}`,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
});
const productNameStyle = {
  fontWeight: 600,
  color: vars.color.text,
  textDecoration: "none",
  selectors: { "&:hover": { textDecoration: "underline" } },
} as const;
export const productName = style(productNameStyle);
/**
 * A product list's table (its name column declares it): the name and the line under it have no
 * classes of their own (a list repeats them on every row), the table styles them.
 */
export const listed = style({});
export const sortLink = style({
  color: "inherit",
  textDecoration: "none",
  selectors: { "&:hover": { textDecoration: "underline" } },
});
export const lowStock = style({ color: vars.color.danger, fontWeight: 700 });
export const stockCell = style({ display: "flex", alignItems: "center", gap: vars.space.sm });
export const more = style({
  display: "flex",
  justifyContent: "space-between",
  alignItems: "center",
  marginTop: vars.space.lg,
  gap: vars.space.md,
});
export const thumb = style({
  width: "36px",
  height: "36px",
  borderRadius: vars.radius.sm,
  objectFit: "cover",
  background: vars.color.surfaceMuted,
});
export const productCell = style({ display: "flex", alignItems: "center", gap: vars.space.md });
export const productText = style({ minWidth: 0, flex: "1 1 auto" });

// A product list's name (at most two lines) and under it brand (while its column is folded) and
// category, one line cut to the column; in the cell itself or beside a picture.
const listedText = `${listed} :is(td, ${productText})`;
globalStyle(`${listedText} > a`, {
  fontWeight: productNameStyle.fontWeight,
  color: productNameStyle.color,
  textDecoration: productNameStyle.textDecoration,
  ...clampStyle,
});
globalStyle(`${listedText} > a:hover`, { textDecoration: "underline" });
// Its min-width (the whole column, ellipsisFillStyle) outweighs a stacked row's `td > *`.
globalStyle(`${listedText} > a + span`, { ...ellipsisFillStyle, ...mutedStyle });
globalStyle(`${listedText} > a + span > span`, whileFoldedStyle);
// The brand, alone in its cell: one line cut at 9rem (as Cut's), its whole text in its title.
globalStyle(`${listed} td > span[title]:only-child:not([class])`, { ...ellipsisStyle, maxWidth: "9rem" });
