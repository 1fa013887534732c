import { describe, expect, test } from "vitest";
import { niceScale } from "./scale";

describe("chart axis steps", () => {
  test("prices between 150 and 220 get steps of 25 from 150 to 225", () => {
    expect(niceScale(150.05, 219.2)).toEqual({ min: 150, max: 225, step: 25, ticks: [150, 175, 200, 225] });
  });

  test("every tick is a round multiple of its step, and the range covers the data", () => {
    for (const [low, high] of [
      [0, 1299.9],
      [9.9, 12.5],
      [0.35, 0.99],
      [599, 601],
      [1, 99_999_999.99],
    ]) {
      const scale = niceScale(low, high);
      expect(scale.min).toBeLessThanOrEqual(low);
      expect(scale.max).toBeGreaterThanOrEqual(high);
      expect(scale.ticks.length).toBeGreaterThanOrEqual(2);
      expect(scale.ticks.length).toBeLessThanOrEqual(7);
      const mantissa = scale.step / 10 ** Math.floor(Math.log10(scale.step));
      expect([1, 2, 2.5, 5]).toContain(Number(mantissa.toFixed(6)));
      for (const tick of scale.ticks)
        expect(Math.abs(tick / scale.step - Math.round(tick / scale.step))).toBeLessThan(1e-6);
    }
  });

  test("one price alone still gets an axis around it", () => {
    const scale = niceScale(49.9, 49.9);
    expect(scale.min).toBeLessThanOrEqual(49.9);
    expect(scale.max).toBeGreaterThan(49.9);
  });
});
