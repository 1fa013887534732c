import { createGlobalTheme } from "@vanilla-extract/css";

/** Design tokens: the one place for colours, spacing, radii and type. */
export const vars = createGlobalTheme(":root", {
  color: {
    bg: "#f5f7fa",
    surface: "#ffffff",
    surfaceMuted: "#f0f3f7",
    border: "#dfe4ea",
    text: "#16202c",
    textMuted: "#5b6776",
    primary: "#1d5fd1",
    primaryHover: "#174ea9",
    primaryText: "#ffffff",
    primarySoft: "#e6eefc",
    danger: "#c4302b",
    dangerSoft: "#fdecea",
    warning: "#9a6700",
    warningSoft: "#fff4d6",
    success: "#1c7c3c",
    successSoft: "#e5f5ea",
    info: "#1d5fd1",
    infoSoft: "#e6eefc",
    neutralSoft: "#eceff3",
    sidebar: "#111a26",
    sidebarText: "#c9d3df",
    sidebarActive: "#23324a",
    focus: "#ffbf47",
  },
  space: { xs: "4px", sm: "8px", md: "12px", lg: "16px", xl: "24px", xxl: "40px" },
  radius: { sm: "4px", md: "8px", lg: "12px", pill: "999px" },
  font: {
    body: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
    mono: "ui-monospace, SFMono-Regular, Menlo, Consolas, monospace",
  },
  fontSize: { sm: "0.8125rem", md: "0.9375rem", lg: "1.125rem", xl: "1.5rem", xxl: "2rem" },
  shadow: { card: "0 1px 2px rgba(16, 24, 40, 0.06), 0 1px 3px rgba(16, 24, 40, 0.08)" },
});
