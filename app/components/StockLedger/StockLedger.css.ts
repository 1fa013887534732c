import { style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

/** The movement form: quantity, reason and note side by side, wrapping on a narrow frame. */
export const form = style({
  display: "grid",
  gridTemplateColumns: "repeat(auto-fit, minmax(min(100%, 150px), 1fr))",
  columnGap: vars.space.lg,
  alignItems: "start",
});
export const wide = style({ gridColumn: "1 / -1" });
export const hint = style({
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
  margin: `0 0 ${vars.space.md}`,
});
export const footer = style({ display: "flex", justifyContent: "flex-end" });
export const spaced = style({ marginTop: vars.space.lg });
export const into = style({ color: vars.color.success, fontWeight: 600 });
export const out = style({ color: vars.color.danger, fontWeight: 600 });

/*
 * The ledger stands in a card about 650 px wide at 1366 x 900 and shows all six columns there (who
 * moved stock and why is the point of a ledger): the reason asks for less room than a product name
 * does (StockLedger's primaryMin), and the note takes what is left (cut, whole in its title).
 */
/** A moment breaks at a space ("27.11.2026 klo / 14.05"), never inside its date. */
export const moment = style({ overflowWrap: "normal" });
export const note = style({ display: "block", minWidth: "7rem" });
