import { style, styleVariants } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

export const stats = style({
  display: "grid",
  gridTemplateColumns: "repeat(auto-fit, minmax(min(100%, 200px), 1fr))",
  gap: vars.space.lg,
  marginBottom: vars.space.xl,
});
export const stat = style({ display: "flex", alignItems: "center", gap: vars.space.lg });
export const statIcon = style({
  width: "44px",
  height: "44px",
  borderRadius: vars.radius.md,
  display: "grid",
  placeItems: "center",
  background: vars.color.primarySoft,
  color: vars.color.primary,
  flexShrink: 0,
});
export const statLabel = style({ margin: 0, color: vars.color.textMuted, fontSize: vars.fontSize.sm });
export const statValue = style({
  margin: 0,
  fontSize: vars.fontSize.xl,
  fontWeight: 800,
  overflowWrap: "anywhere",
});
export const columns = style({
  display: "grid",
  gridTemplateColumns: "repeat(auto-fit, minmax(min(100%, 340px), 1fr))",
  gap: vars.space.xl,
  marginBottom: vars.space.xl,
});
export const list = style({
  listStyle: "none",
  margin: 0,
  padding: 0,
  display: "flex",
  flexDirection: "column",
});
export const listItem = style({
  display: "flex",
  alignItems: "center",
  justifyContent: "space-between",
  gap: vars.space.md,
  padding: `${vars.space.md} 0`,
  borderBottom: `1px solid ${vars.color.border}`,
  overflowWrap: "anywhere",
  selectors: { "&:last-child": { borderBottom: "none" } },
});
export const muted = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm, margin: 0 });
export const strong = style({ fontWeight: 600, margin: 0, color: vars.color.text, textDecoration: "none" });
export const right = style({ display: "flex", alignItems: "center", gap: vars.space.md, flexShrink: 0 });
const alertBase = style({
  display: "flex",
  gap: vars.space.md,
  alignItems: "flex-start",
  padding: vars.space.md,
  borderRadius: vars.radius.md,
  marginBottom: vars.space.sm,
  borderLeft: "4px solid",
});
export const alert = styleVariants({
  low_stock: [
    alertBase,
    { background: vars.color.dangerSoft, borderColor: vars.color.danger, color: vars.color.danger },
  ],
  low_margin: [
    alertBase,
    { background: vars.color.warningSoft, borderColor: vars.color.warning, color: vars.color.warning },
  ],
  product_status: [
    alertBase,
    { background: vars.color.infoSoft, borderColor: vars.color.info, color: vars.color.info },
  ],
  other: [
    alertBase,
    { background: vars.color.neutralSoft, borderColor: vars.color.textMuted, color: vars.color.textMuted },
  ],
});
export const alertBody = style({ flex: 1, color: vars.color.text });
export const actions = style({
  display: "grid",
  gridTemplateColumns: "repeat(auto-fit, minmax(min(100%, 150px), 1fr))",
  gap: vars.space.md,
});
export const action = style({
  display: "flex",
  flexDirection: "column",
  alignItems: "center",
  gap: vars.space.sm,
  padding: vars.space.lg,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  textDecoration: "none",
  textAlign: "center",
  overflowWrap: "anywhere",
  color: vars.color.text,
  fontWeight: 600,
  selectors: { "&:hover": { background: vars.color.surfaceMuted, borderColor: vars.color.primary } },
});
export const chart = style({ width: "100%", height: "auto" });
export const barLabel = style({ fill: vars.color.text, fontSize: "12px" });
export const barValue = style({ fill: vars.color.textMuted, fontSize: "12px" });
export const bar = styleVariants({
  primary: { fill: vars.color.primary },
  low: { fill: vars.color.danger },
  medium: { fill: "#d4a017" },
  high: { fill: vars.color.success },
});
export const quick = style({
  display: "grid",
  gridTemplateColumns: "repeat(2, minmax(0, 1fr))",
  gap: vars.space.md,
});
/** The shelf labels out of date: one row under the four figures. */
export const labels = style({ marginBottom: vars.space.xl });
export const labelsRow = style({
  display: "flex",
  alignItems: "center",
  gap: vars.space.lg,
  flexWrap: "wrap",
});
export const labelsText = style({ flex: "1 1 200px", margin: 0, fontWeight: 600, color: vars.color.text });
