import { useId } from "react";
import { useTranslation } from "react-i18next";
import { niceScale } from "~/components/PriceChart/scale";
import { useFormat } from "~/i18n/use-format";
import { vars } from "~/styles/theme.css";
import { usePeriodLabels } from "./period-label";
import * as s from "./SalesChart.css";

type Point = { day: string; valueAtPrice: string; valueAtCost: string };

/** The wide and the narrow drawing (see SalesChart), in viewBox units. */
const LAYOUTS = {
  wide: { width: 800, height: 240, pad: { top: 16, right: 24, bottom: 34, left: 84 } },
  narrow: { width: 400, height: 200, pad: { top: 12, right: 16, bottom: 30, left: 70 } },
} as const;
type Layout = keyof typeof LAYOUTS;
type Props = { points: Point[]; from: string; to: string };

/**
 * The stock's value per day at selling price and at cost, two lines over the days that have a
 * snapshot (spaced by date), plain SVG like SalesChart; the table under it holds the figures.
 */
export function StockValueChart(props: Props) {
  const { t } = useTranslation("sales-report");
  if (props.points.length === 0) return null;
  return (
    <figure className={s.figure}>
      <Drawing {...props} layout="wide" />
      <Drawing {...props} layout="narrow" />
      <figcaption className={s.legend}>
        <span>
          <span className={s.lineSwatch} style={{ background: vars.color.primary }} />
          {t("stock.valueAtPrice")}
        </span>
        <span>
          <span className={s.lineSwatch} style={{ background: vars.color.warning }} />
          {t("stock.valueAtCost")}
        </span>
      </figcaption>
    </figure>
  );
}

function Drawing({ points, from, to, layout }: Props & { layout: Layout }) {
  const { t } = useTranslation("sales-report");
  const format = useFormat();
  const labels = usePeriodLabels("day");
  const id = useId();
  const { width: WIDTH, height: HEIGHT, pad: PAD } = LAYOUTS[layout];

  const values = points.flatMap((p) => [Number(p.valueAtPrice), Number(p.valueAtCost)]);
  const scale = niceScale(0, Math.max(0, ...values) || 100);
  const time = (day: string) => new Date(`${day}T00:00:00Z`).getTime();
  const start = time(from);
  const span = Math.max(1, time(to) - start);
  const x = (day: string) => PAD.left + ((time(day) - start) * (WIDTH - PAD.left - PAD.right)) / span;
  const y = (v: number) =>
    PAD.top + ((scale.max - v) * (HEIGHT - PAD.top - PAD.bottom)) / (scale.max - scale.min || 1);
  const line = (key: "valueAtPrice" | "valueAtCost") =>
    points
      .map((p, i) => `${i === 0 ? "M" : "L"}${x(p.day).toFixed(1)},${y(Number(p[key])).toFixed(1)}`)
      .join(" ");
  const tick = (v: number) => (scale.max >= 100_000 && v !== 0 ? format.moneyShort(v) : format.money(v, 0));
  const dayRange = { from: labels.day(from), to: labels.day(to) };

  return (
    <svg
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      className={`${s.chart} ${layout === "wide" ? s.wide : s.narrow}`}
      role="img"
      aria-labelledby={`${id}-title ${id}-desc`}
      data-testid="stock-value-chart"
    >
      <title id={`${id}-title`}>{t("stock.chartTitle", dayRange)}</title>
      <desc id={`${id}-desc`}>{t("stock.desc")}</desc>
      {scale.ticks.map((v) => (
        <g key={v}>
          <line className={s.grid} x1={PAD.left} x2={WIDTH - PAD.right} y1={y(v)} y2={y(v)} />
          <text className={s.axis} x={PAD.left - 8} y={y(v) + 4} textAnchor="end">
            {tick(v)}
          </text>
        </g>
      ))}
      <path className={s.atCost} d={line("valueAtCost")} />
      <path className={s.atPrice} d={line("valueAtPrice")} />
      {points.map((p) => (
        <g key={p.day} data-day={p.day}>
          <title>{`${labels.day(p.day)}: ${format.money(p.valueAtPrice)} / ${format.money(p.valueAtCost)}`}</title>
          <circle className={s.atPriceDot} cx={x(p.day)} cy={y(Number(p.valueAtPrice))} r={3} />
          <circle className={s.atCostDot} cx={x(p.day)} cy={y(Number(p.valueAtCost))} r={3} />
        </g>
      ))}
      <text className={s.axis} x={PAD.left} y={HEIGHT - 10} textAnchor="start">
        {labels.short(from)}
      </text>
      <text className={s.axis} x={WIDTH - PAD.right} y={HEIGHT - 10} textAnchor="end">
        {labels.short(to)}
      </text>
    </svg>
  );
}
