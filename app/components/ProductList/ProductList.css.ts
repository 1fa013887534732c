import { style } from "@vanilla-extract/css";
import { clampStyle, ellipsisFillStyle, mutedStyle, table } from "~/components/Table/Table.css";
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
// A list's name and the line under it, each one class (a list repeats them on every row).
/** The name in a list: at most two lines. */
export const listedName = style({ ...productNameStyle, ...clampStyle });
/** Under the name: brand (while its column is folded) and category, one line cut to the column. */
export const listedLine = style({
  ...ellipsisFillStyle,
  ...mutedStyle,
  // A cell's own child: a stacked row lets its cells' children shrink to nothing (min-width: 0),
  // which would leave this line, whose width is its min-width, none.
  selectors: { [`${table} td > &`]: { minWidth: "100%" } },
});
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
