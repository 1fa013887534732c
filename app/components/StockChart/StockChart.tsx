import { useTranslation } from "react-i18next";
import * as s from "~/components/PriceChart/PriceChart.css";
import { niceScale } from "~/components/PriceChart/scale";
import { useFormat } from "~/i18n/use-format";
import type { StockPoint } from "~/models/stock/stock-movement.server";

const WIDTH = 640;
const HEIGHT = 200;
const PAD = { top: 16, right: 16, bottom: 28, left: 56 };

/**
 * The product's stock over its latest movements, a step line (the level holds until the next
 * movement), spaced by time; plain SVG in the server HTML like the price chart. The ledger under
 * it holds the figures.
 */
export function StockChart({ points }: { points: StockPoint[] }) {
  const { t } = useTranslation("stock");
  const format = useFormat();
  if (points.length < 2) return null;
  const times = points.map((p) => new Date(p.at).getTime());
  const first = times[0];
  const span = times[times.length - 1] - first || 1;
  const levels = points.map((p) => p.stockAfter);
  const { min, max, ticks } = niceScale(0, Math.max(...levels, 1));
  const x = (time: number) => PAD.left + ((time - first) * (WIDTH - PAD.left - PAD.right)) / span;
  const y = (v: number) => PAD.top + ((max - v) * (HEIGHT - PAD.top - PAD.bottom)) / (max - min || 1);
  const path = points
    .map((p, i) => {
      const here = `${x(times[i]).toFixed(1)},${y(p.stockAfter).toFixed(1)}`;
      return i === 0 ? `M${here}` : `H${x(times[i]).toFixed(1)} V${y(p.stockAfter).toFixed(1)}`;
    })
    .join(" ");
  return (
    <figure style={{ margin: 0 }} data-testid="stock-chart">
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} className={s.chart} role="img" aria-label={t("chartTitle")}>
        <title>{t("chartTitle")}</title>
        {ticks.map((tick) => (
          <g key={tick}>
            <line className={s.grid} x1={PAD.left} x2={WIDTH - PAD.right} y1={y(tick)} y2={y(tick)} />
            <text className={s.axis} x={PAD.left - 8} y={y(tick) + 4} textAnchor="end">
              {format.number(tick)}
            </text>
          </g>
        ))}
        <path className={s.selling} d={path} />
        {[0, points.length - 1].map((i) => (
          <text
            key={i}
            className={s.axis}
            x={x(times[i])}
            y={HEIGHT - 8}
            textAnchor={i === 0 ? "start" : "end"}
          >
            {format.date(points[i].at)}
          </text>
        ))}
      </svg>
    </figure>
  );
}
