import { globalStyle, style } from "@vanilla-extract/css";
import { iconLook } from "~/components/Icon/Icon.css";
import { vars } from "~/styles/theme.css";

export const layout = style({
  display: "grid",
  gridTemplateColumns: "228px minmax(0, 1fr)",
  minHeight: "100vh",
  "@media": { "screen and (max-width: 800px)": { gridTemplateColumns: "minmax(0, 1fr)" } },
});

export const sidebar = style({
  background: vars.color.sidebar,
  color: vars.color.sidebarText,
  display: "flex",
  flexDirection: "column",
  padding: vars.space.lg,
  gap: vars.space.lg,
  position: "sticky",
  top: 0,
  height: "100vh",
  overflowY: "auto",
  "@media": {
    "screen and (max-width: 800px)": {
      position: "static",
      height: "auto",
      gap: vars.space.sm,
      padding: vars.space.sm,
    },
  },
});

export const brand = style({
  display: "flex",
  alignItems: "center",
  gap: vars.space.sm,
  color: "#fff",
  fontWeight: 800,
  fontSize: vars.fontSize.lg,
  textDecoration: "none",
  padding: `${vars.space.xs} ${vars.space.sm}`,
});

// On a phone the links become one scrollable row, so the page starts on the first screen.
export const nav = style({
  display: "flex",
  flexDirection: "column",
  gap: "2px",
  flex: 1,
  "@media": {
    "screen and (max-width: 800px)": {
      flexDirection: "row",
      overflowX: "auto",
      whiteSpace: "nowrap",
      flex: "none",
    },
  },
});

export const navLink = style({
  display: "flex",
  alignItems: "center",
  gap: vars.space.md,
  padding: `${vars.space.sm} ${vars.space.md}`,
  borderRadius: vars.radius.md,
  color: vars.color.sidebarText,
  textDecoration: "none",
  selectors: {
    "&:hover": { background: vars.color.sidebarActive, color: "#fff" },
    "&[aria-current='page']": { background: vars.color.primary, color: "#fff", fontWeight: 600 },
  },
});
// A link's icon, sized and drawn here rather than by attributes of its own (Icon size="parent").
globalStyle(`${navLink} > svg`, { width: "18px", height: "18px", ...iconLook });

export const footer = style({
  borderTop: "1px solid rgba(255,255,255,0.12)",
  paddingTop: vars.space.lg,
  display: "flex",
  flexDirection: "column",
  gap: vars.space.md,
  "@media": {
    "screen and (max-width: 800px)": {
      flexDirection: "row",
      flexWrap: "wrap",
      alignItems: "center",
      paddingTop: vars.space.sm,
    },
  },
});

export const profile = style({ display: "flex", alignItems: "center", gap: vars.space.md });

export const avatar = style({
  width: "36px",
  height: "36px",
  borderRadius: vars.radius.pill,
  background: vars.color.primary,
  color: "#fff",
  display: "grid",
  placeItems: "center",
  fontWeight: 700,
  objectFit: "cover",
  flexShrink: 0,
});

export const name = style({ color: "#fff", fontWeight: 600, margin: 0, overflowWrap: "anywhere" });
export const nameLink = style({
  color: "inherit",
  textDecoration: "none",
  selectors: {
    "&:hover, &[aria-current='page']": { textDecoration: "underline", textUnderlineOffset: "3px" },
  },
});
export const role = style({ margin: 0, fontSize: vars.fontSize.sm });

export const inlineForm = style({ display: "flex", gap: vars.space.sm, alignItems: "center" });

export const select = style({
  flex: 1,
  padding: `${vars.space.xs} ${vars.space.sm}`,
  borderRadius: vars.radius.sm,
  border: "1px solid rgba(255,255,255,0.25)",
  background: vars.color.sidebarActive,
  color: "#fff",
});

export const sidebarButton = style({
  display: "flex",
  alignItems: "center",
  gap: vars.space.sm,
  background: "transparent",
  border: "1px solid rgba(255,255,255,0.25)",
  color: vars.color.sidebarText,
  borderRadius: vars.radius.sm,
  padding: `${vars.space.xs} ${vars.space.sm}`,
  cursor: "pointer",
  selectors: { "&:hover": { color: "#fff", borderColor: "#fff" } },
});

/**
 * Shown only where scripts do not run (the language form's Change button): with JavaScript the
 * select submits itself, and the button is never drawn, so nothing moves when the page hydrates.
 * (After sidebarButton: same specificity, so the later rule wins.)
 */
export const withoutScripting = style({
  "@media": { "(scripting: enabled)": { display: "none" } },
});

export const main = style({ display: "flex", flexDirection: "column", minWidth: 0 });

export const topbar = style({
  display: "flex",
  alignItems: "center",
  gap: vars.space.lg,
  padding: `${vars.space.md} ${vars.space.xl}`,
  background: vars.color.surface,
  borderBottom: `1px solid ${vars.color.border}`,
});

export const search = style({ flex: 1, maxWidth: "520px", display: "flex", position: "relative" });

export const searchInput = style({
  width: "100%",
  padding: `${vars.space.sm} ${vars.space.md} ${vars.space.sm} 36px`,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: vars.color.surfaceMuted,
});

export const searchIcon = style({
  position: "absolute",
  left: "10px",
  top: "50%",
  transform: "translateY(-50%)",
  color: vars.color.textMuted,
  display: "flex",
});

export const bell = style({
  marginLeft: "auto",
  position: "relative",
  color: vars.color.text,
  display: "flex",
  padding: vars.space.sm,
  borderRadius: vars.radius.md,
  selectors: { "&:hover": { background: vars.color.neutralSoft } },
});

export const badge = style({
  position: "absolute",
  top: "0",
  right: "0",
  minWidth: "18px",
  height: "18px",
  padding: "0 5px",
  borderRadius: vars.radius.pill,
  background: vars.color.danger,
  color: "#fff",
  fontSize: "0.7rem",
  fontWeight: 700,
  display: "grid",
  placeItems: "center",
});

export const content = style({ padding: vars.space.xl, flex: 1 });

export const skip = style({
  position: "absolute",
  left: "-9999px",
  selectors: {
    "&:focus": {
      left: vars.space.lg,
      top: vars.space.lg,
      zIndex: 200,
      background: "#fff",
      padding: vars.space.sm,
    },
  },
});
