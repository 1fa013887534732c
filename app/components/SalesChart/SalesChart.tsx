import { useId } from "react";
import { useTranslation } from "react-i18next";
import { niceScale } from "~/components/PriceChart/scale";
import { useFormat } from "~/i18n/use-format";
import type { SalesGrouping } from "~/models/report/sales-report";
import { vars } from "~/styles/theme.css";
import { usePeriodLabels } from "./period-label";
import * as s from "./SalesChart.css";

export type ChartPeriod = { period: string; sales: string; marginPercent: number | null };

/**
 * The two drawings' sizes, in viewBox units (text is 13 units): wide for a desktop's column, narrow
 * for a phone's (a 390 px phone shows it at about 0.85 scale). `labels`: at most this many period
 * labels under the bars, evenly spread, so that they never overlap.
 */
const LAYOUTS = {
  wide: { width: 800, height: 300, pad: { top: 16, right: 60, bottom: 34, left: 84 }, labels: 8 },
  narrow: { width: 400, height: 260, pad: { top: 12, right: 48, bottom: 30, left: 70 }, labels: 4 },
} as const;
type Layout = keyof typeof LAYOUTS;
type Props = { periods: ChartPeriod[]; group: SalesGrouping; from: string; to: string };

/**
 * Sales per period as bars (left axis, money) and the gross margin % as a line (right axis), drawn
 * as plain SVG on the server: no chart library, nothing to load, the same without JavaScript. The
 * drawing scales to its column (viewBox, width 100%). For assistive technology it is one image
 * with a title and a description; the table under it holds the figures.
 */
export function SalesChart(props: Props) {
  const { t } = useTranslation("sales-report");
  return (
    <figure className={s.figure}>
      <Drawing {...props} layout="wide" />
      <Drawing {...props} layout="narrow" />
      <figcaption className={s.legend}>
        <span>
          <span className={s.swatch} style={{ background: vars.color.primary }} />
          {t("chart.sales")}
        </span>
        <span>
          <span className={s.lineSwatch} style={{ background: vars.color.success }} />
          {t("chart.margin")}
        </span>
      </figcaption>
    </figure>
  );
}

function Drawing({ periods, group, from, to, layout }: Props & { layout: Layout }) {
  const { t } = useTranslation("sales-report");
  const format = useFormat();
  const labels = usePeriodLabels(group);
  const id = useId();
  const n = Math.max(1, periods.length);
  const { width: WIDTH, height: HEIGHT, pad: PAD, labels: MAX_LABELS } = LAYOUTS[layout];
  const PLOT_W = WIDTH - PAD.left - PAD.right;
  const PLOT_H = HEIGHT - PAD.top - PAD.bottom;

  const sales = periods.map((p) => Number(p.sales));
  const money = niceScale(0, Math.max(0, ...sales) || 100);
  const margins = periods.map((p) => p.marginPercent).filter((m): m is number => m !== null);
  const percent = margins.length
    ? niceScale(Math.min(0, ...margins), Math.max(0, ...margins))
    : niceScale(0, 50);
  const yMoney = (v: number) => PAD.top + ((money.max - v) * PLOT_H) / (money.max - money.min || 1);
  const yPercent = (v: number) => PAD.top + ((percent.max - v) * PLOT_H) / (percent.max - percent.min || 1);
  const moneyTick = (v: number) =>
    money.max >= 100_000 && v !== 0 ? format.moneyShort(v) : format.money(v, 0);

  const slot = PLOT_W / n;
  const barWidth = Math.max(1, slot * 0.7);
  const center = (i: number) => PAD.left + slot * i + slot / 2;

  // The margin line is broken where a period sold nothing (its margin is undefined).
  let path = "";
  let open = false;
  periods.forEach((p, i) => {
    if (p.marginPercent === null) {
      open = false;
      return;
    }
    path += `${open ? "L" : "M"}${center(i).toFixed(1)},${yPercent(p.marginPercent).toFixed(1)} `;
    open = true;
  });

  const every = Math.ceil(n / MAX_LABELS);
  const labelled = periods.map((_, i) => i).filter((i) => i % every === 0);
  const dayRange = { from: labels.day(from), to: labels.day(to) };

  return (
    <svg
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      className={`${s.chart} ${layout === "wide" ? s.wide : s.narrow}`}
      role="img"
      aria-labelledby={`${id}-title ${id}-desc`}
      data-testid="sales-chart"
    >
      <title id={`${id}-title`}>{t("chart.title", dayRange)}</title>
      <desc id={`${id}-desc`}>{t("chart.desc", { per: t(`chart.per.${group}`) })}</desc>
      {money.ticks.map((tick) => (
        <g key={`m${tick}`}>
          <line className={s.grid} x1={PAD.left} x2={WIDTH - PAD.right} y1={yMoney(tick)} y2={yMoney(tick)} />
          <text className={s.axis} x={PAD.left - 8} y={yMoney(tick) + 4} textAnchor="end">
            {moneyTick(tick)}
          </text>
        </g>
      ))}
      {percent.ticks.map((tick) => (
        <text
          key={`p${tick}`}
          className={s.axis}
          x={WIDTH - PAD.right + 8}
          y={yPercent(tick) + 4}
          textAnchor="start"
        >
          {format.percent(tick, Number.isInteger(percent.step) ? 0 : 1)}
        </text>
      ))}
      {periods.map((p, i) => {
        const value = Number(p.sales);
        const top = yMoney(value);
        return (
          <g key={p.period} data-period={p.period} data-testid="sales-chart-bar">
            <title>
              {t("chart.bar", {
                period: labels.long(p.period),
                sales: format.money(p.sales),
                margin: p.marginPercent === null ? t("chart.noMargin") : format.percent(p.marginPercent),
              })}
            </title>
            <rect
              className={s.bar}
              x={center(i) - barWidth / 2}
              y={top}
              width={barWidth}
              height={Math.max(0, yMoney(0) - top)}
            />
          </g>
        );
      })}
      <line className={s.axisLine} x1={PAD.left} x2={WIDTH - PAD.right} y1={yMoney(0)} y2={yMoney(0)} />
      {path ? <path className={s.margin} d={path.trim()} data-testid="sales-chart-margin" /> : null}
      {periods.map((p, i) =>
        p.marginPercent === null ? null : (
          <circle
            key={`d${p.period}`}
            className={s.marginDot}
            cx={center(i)}
            cy={yPercent(p.marginPercent)}
            r={n > 60 ? 1.5 : 3}
          />
        ),
      )}
      {labelled.map((i) => (
        <text
          key={`x${periods[i].period}`}
          className={s.axis}
          x={i === 0 && n > 1 ? PAD.left : center(i)}
          y={HEIGHT - 10}
          textAnchor={i === 0 && n > 1 ? "start" : "middle"}
        >
          {labels.short(periods[i].period)}
        </text>
      ))}
    </svg>
  );
}
