import { style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

export const landing = style({
  minHeight: "100vh",
  padding: `${vars.space.xxl} ${vars.space.xl}`,
  background: `linear-gradient(160deg, ${vars.color.primarySoft}, ${vars.color.bg} 55%)`,
});
export const hero = style({ maxWidth: "720px", margin: "0 auto", textAlign: "center" });
export const logo = style({
  display: "inline-grid",
  placeItems: "center",
  width: "56px",
  height: "56px",
  borderRadius: vars.radius.lg,
  background: vars.color.primary,
  color: "#fff",
});
export const brand = style({ fontWeight: 800, fontSize: vars.fontSize.lg, margin: `${vars.space.sm} 0` });
export const headline = style({ fontSize: "clamp(1.75rem, 4vw, 2.75rem)" });
export const lead = style({ color: vars.color.textMuted, fontSize: vars.fontSize.lg });
export const cta = style({ marginTop: vars.space.lg, padding: `${vars.space.md} ${vars.space.xl}` });
export const features = style({
  maxWidth: "1040px",
  margin: `${vars.space.xxl} auto 0`,
  display: "grid",
  gridTemplateColumns: "repeat(auto-fit, minmax(min(100%, 260px), 1fr))",
  gap: vars.space.xl,
});
export const featureIcon = style({
  display: "inline-grid",
  placeItems: "center",
  width: "40px",
  height: "40px",
  borderRadius: vars.radius.md,
  background: vars.color.primarySoft,
  color: vars.color.primary,
});
export const featureTitle = style({
  fontSize: vars.fontSize.lg,
  margin: `${vars.space.md} 0 ${vars.space.xs}`,
});
export const featureText = style({ margin: 0, color: vars.color.textMuted });
