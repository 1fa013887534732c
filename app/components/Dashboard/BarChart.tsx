import * as s from "./Dashboard.css";

type Bar = { label: string; value: number; display: string; tone?: keyof typeof s.bar };

/** Horizontal bars as plain SVG in the server HTML: readable without JavaScript, nothing to load. */
export function BarChart({ bars, title }: { bars: Bar[]; title: string }) {
  const max = Math.max(1, ...bars.map((b) => b.value));
  const rowHeight = 30;
  // Wide enough for a margin band in Finnish ("Keskitaso: 10 % – alle 20 %"); longer names are cut.
  const labelWidth = 210;
  const labelChars = 30;
  const width = 520;
  const barSpace = width - labelWidth - 110;
  return (
    <svg
      viewBox={`0 0 ${width} ${bars.length * rowHeight + 8}`}
      className={s.chart}
      role="img"
      aria-label={title}
    >
      <title>{title}</title>
      {bars.map((bar, i) => {
        const y = i * rowHeight + 4;
        const w = Math.max(2, (bar.value / max) * barSpace);
        return (
          <g key={bar.label}>
            <title>{`${bar.label}: ${bar.display}`}</title>
            <text className={s.barLabel} x={0} y={y + 17}>
              {bar.label.length > labelChars ? `${bar.label.slice(0, labelChars - 1)}…` : bar.label}
            </text>
            <rect
              className={s.bar[bar.tone ?? "primary"]}
              x={labelWidth}
              y={y + 4}
              width={w}
              height={rowHeight - 10}
              rx={4}
            />
            <text className={s.barValue} x={labelWidth + w + 8} y={y + 17}>
              {bar.display}
            </text>
          </g>
        );
      })}
    </svg>
  );
}
