import { style } from "@vanilla-extract/css";

/** How every icon is drawn: strokes in the text's colour (inherited into its symbol). */
export const iconLook = {
  fill: "none",
  stroke: "currentColor",
  strokeWidth: 2,
  strokeLinecap: "round",
  strokeLinejoin: "round",
} as const;
export const icon = style(iconLook);

/** The sprite takes no room and is not drawn itself (display: none would hide its symbols in some browsers). */
export const sprite = style({ position: "absolute", width: 0, height: 0, overflow: "hidden" });
