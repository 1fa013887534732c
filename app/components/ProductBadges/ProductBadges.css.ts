import { globalStyle, style } from "@vanilla-extract/css";
import { table } from "~/components/Table/Table.css";
import { vars } from "~/styles/theme.css";

const stockLevelStyle = {
  display: "inline-flex",
  alignItems: "center",
  gap: vars.space.sm,
  fontVariantNumeric: "tabular-nums",
} as const;
export const stockLevel = style(stockLevelStyle);
// In a table's rows it has no class (StockLevel): the level and its badge, side by side.
globalStyle(`${table} td > span:not([class]):has(> [data-tone])`, stockLevelStyle);
export const low = style({ color: vars.color.danger, fontWeight: 700 });
