import { createGlobalTheme } from "@vanilla-extract/css";
import { palette } from "./palette";

/** Design tokens: the one place for colours, spacing, radii and type. */
export const vars = createGlobalTheme(":root", {
  color: palette,

  space: { xs: "4px", sm: "8px", md: "12px", lg: "16px", xl: "24px", xxl: "40px" },
  radius: { sm: "4px", md: "8px", lg: "12px", pill: "999px" },
  font: {
    body: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
    mono: "ui-monospace, SFMono-Regular, Menlo, Consolas, monospace",
  },
  fontSize: { sm: "0.8125rem", md: "0.9375rem", lg: "1.125rem", xl: "1.5rem", xxl: "2rem" },
  shadow: { card: "0 1px 2px rgba(16, 24, 40, 0.06), 0 1px 3px rgba(16, 24, 40, 0.08)" },
});
