/**
 * Out of sight but read by screen readers (a table's headings when its rows stack, a skip link):
 * the one definition, used by the `.visually-hidden` class and by styles that hide in a layout.
 */
export const VISUALLY_HIDDEN = {
  position: "absolute",
  width: "1px",
  height: "1px",
  overflow: "hidden",
  clip: "rect(0 0 0 0)",
  whiteSpace: "nowrap",
} as const;
