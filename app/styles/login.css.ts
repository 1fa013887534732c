import { style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

export const page = style({
  minHeight: "100vh",
  display: "grid",
  placeItems: "center",
  padding: vars.space.xl,
  background: `linear-gradient(160deg, ${vars.color.primarySoft}, ${vars.color.bg} 60%)`,
});
export const column = style({ width: "100%", maxWidth: "440px" });
export const header = style({ textAlign: "center", marginBottom: vars.space.xl });
export const logo = style({
  display: "inline-grid",
  placeItems: "center",
  width: "52px",
  height: "52px",
  borderRadius: vars.radius.lg,
  background: vars.color.primary,
  color: "#fff",
  marginBottom: vars.space.md,
});
export const name = style({ fontSize: vars.fontSize.xxl });
export const tagline = style({ margin: `${vars.space.xs} 0 0`, color: vars.color.textMuted });
export const tabs = style({
  display: "grid",
  gridTemplateColumns: "repeat(2, minmax(0, 1fr))",
  background: vars.color.surfaceMuted,
  borderRadius: vars.radius.md,
  padding: vars.space.xs,
  marginBottom: vars.space.xl,
});
export const tab = style({
  textAlign: "center",
  padding: vars.space.sm,
  borderRadius: vars.radius.sm,
  textDecoration: "none",
  color: vars.color.textMuted,
  fontWeight: 600,
  selectors: {
    "&[aria-current='page']": {
      background: vars.color.surface,
      color: vars.color.text,
      boxShadow: vars.shadow.card,
    },
  },
});
export const row = style({
  display: "grid",
  gridTemplateColumns: "repeat(2, minmax(0, 1fr))",
  gap: vars.space.md,
});
export const submit = style({ width: "100%", marginTop: vars.space.sm });
export const note = style({ fontSize: vars.fontSize.sm, color: vars.color.textMuted, marginTop: 0 });
export const firstRun = style({
  padding: vars.space.md,
  borderRadius: vars.radius.md,
  background: vars.color.infoSoft,
  border: `1px solid ${vars.color.primary}`,
  color: vars.color.text,
  marginTop: 0,
});
