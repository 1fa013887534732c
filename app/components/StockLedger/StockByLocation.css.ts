import { style } from "@vanilla-extract/css";

/** A location's reorder point form: the field and its button, wrapping in a phone's stacked row. */
export const pointForm = style({
  display: "flex",
  flexWrap: "wrap",
  justifyContent: "flex-end",
  gap: "0.5rem",
  minWidth: 0,
});
export const pointInput = style({ width: "5.5rem", minWidth: 0 });
