import { globalStyle, style } from "@vanilla-extract/css";
import { table } from "~/components/Table/Table.css";
import { vars } from "~/styles/theme.css";

// StockLevel, in a table's row, has no class: the level and its badge, side by side.
globalStyle(`${table} td > span:not([class]):has(> [data-tone])`, {
  display: "inline-flex",
  alignItems: "center",
  gap: vars.space.sm,
  fontVariantNumeric: "tabular-nums",
});
export const low = style({ color: vars.color.danger, fontWeight: 700 });
