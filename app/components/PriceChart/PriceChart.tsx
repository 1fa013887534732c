import { useTranslation } from "react-i18next";
import { useFormat } from "~/i18n/use-format";
import { vars } from "~/styles/theme.css";
import * as s from "./PriceChart.css";
import { niceScale } from "./scale";

/** A row of the price log: from `at` on, these prices were in force. */
type Point = { id: number; at: string; sellingPrice: string; purchasePrice: string };

const WIDTH = 640;
const HEIGHT = 220;
const PAD = { top: 16, right: 16, bottom: 28, left: 84 };

/**
 * Selling and purchase price over time, drawn as plain SVG in the server HTML: no chart library,
 * nothing to load, readable without JavaScript. Points are spaced evenly by change, not by time.
 */
export function PriceChart({ points }: { points: Point[] }) {
  const { t } = useTranslation("products");
  const format = useFormat();
  if (points.length === 0) return null;
  const values = points.flatMap((p) => [Number(p.sellingPrice), Number(p.purchasePrice)]);
  const { min, max, step, ticks } = niceScale(Math.min(...values), Math.max(...values));
  const x = (i: number) =>
    points.length === 1
      ? PAD.left + (WIDTH - PAD.left - PAD.right) / 2
      : PAD.left + (i * (WIDTH - PAD.left - PAD.right)) / (points.length - 1);
  const y = (v: number) => PAD.top + ((max - v) * (HEIGHT - PAD.top - PAD.bottom)) / (max - min || 1);
  const line = (key: "sellingPrice" | "purchasePrice") =>
    points
      .map((p, i) => `${i === 0 ? "M" : "L"}${x(i).toFixed(1)},${y(Number(p[key])).toFixed(1)}`)
      .join(" ");
  // The first date starts at its point and the last ends at its point: neither is cut at the edge.
  const anchor = (i: number) => (points.length === 1 ? "middle" : i === 0 ? "start" : "end");

  return (
    <figure style={{ margin: 0 }}>
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        className={s.chart}
        role="img"
        aria-label={t("detail.chartTitle")}
      >
        <title>{t("detail.chartTitle")}</title>
        {ticks.map((tick) => (
          <g key={tick}>
            <line className={s.grid} x1={PAD.left} x2={WIDTH - PAD.right} y1={y(tick)} y2={y(tick)} />
            <text className={s.axis} x={PAD.left - 8} y={y(tick) + 4} textAnchor="end">
              {format.money(tick, Number.isInteger(step) ? 0 : 2)}
            </text>
          </g>
        ))}
        <path className={s.purchase} d={line("purchasePrice")} />
        <path className={s.selling} d={line("sellingPrice")} />
        {points.map((p, i) => (
          <g key={p.id}>
            <circle className={s.sellingDot} cx={x(i)} cy={y(Number(p.sellingPrice))} r={3.5} />
            <circle className={s.purchaseDot} cx={x(i)} cy={y(Number(p.purchasePrice))} r={3.5} />
          </g>
        ))}
        {[0, points.length - 1]
          .filter((i, n, all) => all.indexOf(i) === n)
          .map((i) => (
            <text key={i} className={s.axis} x={x(i)} y={HEIGHT - 8} textAnchor={anchor(i)}>
              {format.date(points[i].at)}
            </text>
          ))}
      </svg>
      <figcaption className={s.legend}>
        <span>
          <span className={s.swatch} style={{ background: vars.color.primary }} />
          {t("detail.chartSelling")}
        </span>
        <span>
          <span className={s.swatch} style={{ background: vars.color.warning }} />
          {t("detail.chartPurchase")}
        </span>
      </figcaption>
    </figure>
  );
}
