import { style, styleVariants } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

/** A difference's colour: found more than expected, less, or as expected. */
export const tone = styleVariants({
  surplus: { color: vars.color.success, fontWeight: 700 },
  shortage: { color: vars.color.danger, fontWeight: 700 },
  even: { color: vars.color.textMuted },
});

/** The scan field, the quantity and the button side by side; on a phone the code has its own line. */
export const scanRow = style({
  display: "grid",
  gridTemplateColumns: "minmax(0, 3fr) minmax(7rem, 1fr) auto",
  gap: `0 ${vars.space.md}`,
  alignItems: "end",
  "@media": { "(max-width: 560px)": { gridTemplateColumns: "minmax(0, 1fr) auto" } },
});
export const scanCodeCell = style({
  minWidth: 0,
  "@media": { "(max-width: 560px)": { gridColumn: "1 / -1" } },
});
export const scanButton = style({ marginBottom: vars.space.lg });
export const scanCode = style({ fontFamily: vars.font.mono, fontSize: vars.fontSize.lg });

/** The last scan's answer (JavaScript), read out to screen readers. */
export const answer = styleVariants({
  success: { color: vars.color.success, fontWeight: 600, minHeight: "1.4em", margin: 0 },
  warning: { color: vars.color.warning, fontWeight: 600, minHeight: "1.4em", margin: 0 },
  error: { color: vars.color.danger, fontWeight: 600, minHeight: "1.4em", margin: 0 },
  none: { minHeight: "1.4em", margin: 0 },
});

/** A row's counted quantity as a small form: the number and its save button. */
export const lineForm = style({ display: "flex", gap: vars.space.xs, alignItems: "center" });
export const lineInput = style({
  width: "5.5rem",
  padding: `${vars.space.xs} ${vars.space.sm}`,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  textAlign: "right",
  fontVariantNumeric: "tabular-nums",
  selectors: { "&[aria-invalid='true']": { borderColor: vars.color.danger } },
});
export const lineError = style({ color: vars.color.danger, fontSize: vars.fontSize.sm, margin: 0 });
export const flags = style({ display: "flex", flexWrap: "wrap", gap: vars.space.xs, marginTop: "2px" });

/** The problems: a block a kind, its products listed under it. */
export const problem = style({ margin: `0 0 ${vars.space.lg}`, overflowWrap: "anywhere" });
export const problemTitle = style({ fontWeight: 600, margin: `0 0 ${vars.space.xs}` });
export const problemList = style({
  margin: 0,
  paddingLeft: vars.space.xl,
  fontSize: vars.fontSize.sm,
  color: vars.color.text,
});
export const codeItem = style({
  display: "flex",
  alignItems: "center",
  gap: vars.space.sm,
  flexWrap: "wrap",
});

/** The page's actions and the steps' buttons, wrapping on a phone. */
export const actions = style({ display: "flex", flexWrap: "wrap", gap: vars.space.sm, alignItems: "center" });
export const stepCard = style({ marginBottom: vars.space.xl, borderColor: vars.color.primary });
export const checkbox = style({
  display: "flex",
  gap: vars.space.sm,
  alignItems: "flex-start",
  margin: `${vars.space.lg} 0`,
  fontWeight: 600,
});
export const meta = style({ color: vars.color.textMuted, margin: `0 0 ${vars.space.lg}` });
export const section = style({ marginBottom: vars.space.xl });

/** The new count's choices side by side as wide as they fit, one under another on a phone. */
export const fields = style({
  display: "grid",
  gridTemplateColumns: "repeat(auto-fill, minmax(min(100%, 220px), 1fr))",
  columnGap: vars.space.lg,
  alignItems: "end",
});
export const hint = style({
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
  margin: `0 0 ${vars.space.lg}`,
});
export const sectionTitle = style({ fontSize: vars.fontSize.lg, margin: `0 0 ${vars.space.md}` });

/** A serial-tracked line (issue #31): its box of serials beside what is missing and unexpected. */
export const serialLine = style({
  display: "grid",
  gridTemplateColumns: "minmax(0, 18rem) minmax(0, 1fr)",
  gap: `${vars.space.md} ${vars.space.xl}`,
  padding: `${vars.space.md} 0`,
  borderTop: `1px solid ${vars.color.border}`,
  overflowWrap: "anywhere",
  "@media": { "(max-width: 720px)": { gridTemplateColumns: "minmax(0, 1fr)" } },
});
export const serialLineTitle = style({
  gridColumn: "1 / -1",
  fontSize: vars.fontSize.md,
  fontWeight: 600,
  margin: 0,
  display: "flex",
  flexWrap: "wrap",
  gap: vars.space.sm,
  alignItems: "baseline",
});
export const serialsInput = style({
  width: "100%",
  boxSizing: "border-box",
  padding: `${vars.space.xs} ${vars.space.sm}`,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  fontFamily: vars.font.mono,
  resize: "vertical",
  selectors: { "&[aria-invalid='true']": { borderColor: vars.color.danger } },
});
export const serialsForm = style({ display: "flex", flexDirection: "column", gap: vars.space.xs });
export const serialErrors = style({
  margin: 0,
  padding: 0,
  listStyle: "none",
  color: vars.color.danger,
  fontSize: vars.fontSize.sm,
});
/** Serials as a wrapping list of codes. */
export const serialList = style({
  display: "flex",
  flexWrap: "wrap",
  gap: `${vars.space.xs} ${vars.space.md}`,
  margin: `0 0 ${vars.space.md}`,
  padding: 0,
  listStyle: "none",
  fontSize: vars.fontSize.sm,
});
export const serialFinding = style({
  display: "flex",
  flexWrap: "wrap",
  gap: vars.space.xs,
  alignItems: "baseline",
});
