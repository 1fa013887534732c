import { style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

export const card = style({
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  boxShadow: vars.shadow.card,
  padding: vars.space.xl,
  // A card is a grid or flex item: it must not grow past its track for one long word (a URL, a
  // pasted formula in a product name); such words break anywhere.
  minWidth: 0,
  overflowWrap: "anywhere",
});
export const title = style({ fontSize: vars.fontSize.lg, marginBottom: vars.space.md });
