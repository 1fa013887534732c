import { keyframes, style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

const fadeIn = keyframes({ from: { opacity: 0 }, to: { opacity: 1 } });

export const overlay = style({
  position: "fixed",
  inset: 0,
  background: "rgba(16, 24, 40, 0.45)",
  zIndex: 50,
  animation: `${fadeIn} 120ms ease-out`,
});

export const content = style({
  position: "fixed",
  top: "50%",
  left: "50%",
  transform: "translate(-50%, -50%)",
  width: "min(640px, calc(100vw - 32px))",
  maxHeight: "calc(100vh - 48px)",
  overflowY: "auto",
  background: vars.color.surface,
  borderRadius: vars.radius.lg,
  padding: vars.space.xl,
  boxShadow: "0 16px 48px rgba(16, 24, 40, 0.3)",
  zIndex: 51,
  animation: `${fadeIn} 120ms ease-out`,
});

export const inline = style({
  marginBottom: vars.space.xl,
  borderColor: vars.color.primary,
  borderWidth: "2px",
});

export const header = style({
  display: "flex",
  justifyContent: "space-between",
  alignItems: "center",
  gap: vars.space.md,
  marginBottom: vars.space.lg,
});

export const title = style({ fontSize: vars.fontSize.xl });
export const description = style({ color: vars.color.textMuted, marginTop: 0 });
export const close = style({
  color: vars.color.textMuted,
  display: "flex",
  padding: vars.space.xs,
  borderRadius: vars.radius.sm,
});
