import { globalStyle, style } from "@vanilla-extract/css";
import { table } from "~/components/Table/Table.css";
import { vars } from "~/styles/theme.css";

export const TONES = ["success", "warning", "danger", "info", "neutral"] as const;
export type Tone = (typeof TONES)[number];

const toneColors: Record<Tone, { background: string; color: string }> = {
  success: { background: vars.color.successSoft, color: vars.color.success },
  warning: { background: vars.color.warningSoft, color: vars.color.warning },
  danger: { background: vars.color.dangerSoft, color: vars.color.danger },
  info: { background: vars.color.infoSoft, color: vars.color.info },
  neutral: { background: vars.color.neutralSoft, color: vars.color.textMuted },
};

const badgeStyle = {
  display: "inline-flex",
  alignItems: "center",
  gap: vars.space.xs,
  padding: "2px 10px",
  borderRadius: vars.radius.pill,
  fontSize: vars.fontSize.sm,
  fontWeight: 600,
  whiteSpace: "nowrap",
} as const;

/** One class for every badge; its colours follow its `data-tone` (one class name fewer a badge). */
export const badge = style({
  ...badgeStyle,
  selectors: Object.fromEntries(TONES.map((tone) => [`&[data-tone="${tone}"]`, toneColors[tone]])),
});
// A bare badge (a table's rows: a page of 50 rows has some 150) has no class: a span with a tone.
globalStyle(`${table} td span[data-tone]`, badgeStyle);
for (const tone of TONES) globalStyle(`${table} td span[data-tone="${tone}"]`, toneColors[tone]);
