/**
 * Round axis steps for a chart: 1, 2, 2.5 or 5 times a power of ten, so that the ticks read as a
 * person would draw them (€0, €250, €500, €750), never €137 or €311.
 */
export type Scale = { min: number; max: number; step: number; ticks: number[] };

const NICE = [1, 2, 2.5, 5, 10];

export function niceScale(low: number, high: number, wanted = 4): Scale {
  const lo = Math.min(low, high);
  let hi = Math.max(low, high);
  if (hi === lo) hi = lo === 0 ? 1 : lo + Math.abs(lo) * 0.1;
  const rough = (hi - lo) / Math.max(1, wanted - 1);
  const power = 10 ** Math.floor(Math.log10(rough));
  const step = (NICE.find((n) => n * power >= rough) ?? 10) * power;
  const min = Math.floor(lo / step) * step;
  const max = Math.ceil(hi / step) * step;
  const ticks: number[] = [];
  // Integer counting keeps 0.1 + 0.2 drift out of the labels.
  for (let i = 0; min + i * step <= max + step / 1e6; i++) ticks.push(round(min + i * step, step));
  return { min, max, step, ticks };
}

function round(value: number, step: number) {
  const decimals = Math.max(0, -Math.floor(Math.log10(step)) + 1);
  return Number(value.toFixed(decimals));
}
