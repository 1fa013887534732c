import { globalStyle } from "@vanilla-extract/css";
import { VISUALLY_HIDDEN } from "~/styles/visually-hidden";
import { vars } from "./theme.css";

globalStyle("*, *::before, *::after", { boxSizing: "border-box" });
globalStyle("html, body", { margin: 0, padding: 0 });
globalStyle("body", {
  fontFamily: vars.font.body,
  fontSize: vars.fontSize.md,
  lineHeight: 1.5,
  color: vars.color.text,
  background: vars.color.bg,
});
globalStyle("a", { color: vars.color.primary });
globalStyle("h1, h2, h3", { lineHeight: 1.25, margin: 0 });
globalStyle(":focus-visible", { outline: `3px solid ${vars.color.focus}`, outlineOffset: "2px" });
globalStyle("input, select, textarea, button", { font: "inherit" });
globalStyle(".visually-hidden", VISUALLY_HIDDEN);
