import fc from "fast-check";
import { describe, expect, test } from "vitest";
import {
  DAY_MS,
  type PricePoint,
  priceInForce,
  priorPrice,
  reductionPercent,
  reductionStartAt,
  STAGED_DAYS,
  WINDOW_DAYS,
} from "./prior-price";

const NOW = Date.UTC(2026, 10, 27, 10, 0, 0);
const day = (n: number) => NOW + n * DAY_MS;
const regular = (at: number, euros: number): PricePoint => ({ at, cents: euros * 100, reduced: false });
const reduced = (at: number, euros: number): PricePoint => ({ at, cents: euros * 100, reduced: true });

describe("the issue's cases", () => {
  // 100 EUR for 40 days, 90 for 10 days, then 120 (regular prices), and a campaign from today.
  const history = [regular(day(-60), 100), regular(day(-20), 90), regular(day(-10), 120)];

  test("a campaign at 99 from today: prior price 90, and no reduction to claim", () => {
    const log = [...history, reduced(day(0), 99)];
    expect(priorPrice(log, day(0))?.cents).toBe(9000);
    expect(reductionPercent(9000, 9900)).toBeNull();
  });

  test("a campaign at 80: prior price 90, reduction 11 % (not 33 % from 120)", () => {
    const log = [...history, reduced(day(0), 80)];
    const prior = priorPrice(log, day(0) + 3_600_000);
    expect(prior).toEqual({ cents: 9000, reductionStart: day(0), windowStart: day(-30), daysOnSale: null });
    expect(reductionPercent(9000, 8000)).toBe(11);
  });

  test("a reduction deepened within one campaign keeps its first cut's reference", () => {
    // 100 for 60 days; a 20-day campaign at 90 for 10 days, then 80 for 10 days.
    const log = [regular(day(-60), 100), reduced(day(0), 90), reduced(day(10), 80), regular(day(20), 100)];
    expect(priorPrice(log, day(11))?.cents).toBe(10000);
    expect(priorPrice(log, day(11))?.reductionStart).toBe(day(0));
    // Measured on its own, the second cut's window would hold the 90 of the first.
    expect(priorPrice(log.slice(0, 3), day(10))?.cents).toBe(10000);
  });

  test("a campaign that starts next week does not lower today's prior price", () => {
    const log = [regular(day(-60), 100), regular(day(-5), 110), reduced(day(7), 50), regular(day(14), 110)];
    expect(priorPrice(log, day(0))?.cents).toBe(10000);
    expect(priceInForce(log, day(0))?.cents).toBe(11000);
  });

  test("a product on sale for 10 days at 50: prior price 50, on sale for 10 days", () => {
    const log = [regular(day(-10), 50)];
    expect(priorPrice(log, day(0))).toEqual({
      cents: 5000,
      reductionStart: day(0),
      windowStart: day(-10),
      daysOnSale: 10,
    });
  });
});

describe("the window's edges", () => {
  test("the price in force when the window opens counts; one that ended before it does not", () => {
    const log = [regular(day(-45), 70), regular(day(-35), 100), regular(day(-25), 110)];
    expect(priorPrice(log, day(0))?.cents).toBe(10000);
  });

  test("a price that began exactly 30 days before is the one in force when the window opens", () => {
    const log = [regular(day(-40), 70), regular(day(-30), 100)];
    expect(priorPrice(log, day(0))?.cents).toBe(10000);
  });

  test("a product with no price before the reduction has no prior price", () => {
    expect(priorPrice([reduced(day(0), 50)], day(1))).toBeNull();
    expect(priorPrice([], day(0))).toBeNull();
  });

  test("of two rows of one instant only the later was in force", () => {
    const log = [regular(day(-40), 100), regular(day(-10), 60), regular(day(-10), 95)];
    expect(priorPrice(log, day(0))?.cents).toBe(9500);
  });

  test("a reduced period over 60 days measures a later step on its own 30 days", () => {
    const log = [regular(day(-100), 100), reduced(day(-70), 90), reduced(day(0), 80)];
    expect(reductionStartAt(log, day(1))).toBe(day(0));
    expect(priorPrice(log, day(1))?.cents).toBe(9000);
  });

  test("a reduction rounds down to the whole percent it supports", () => {
    expect(reductionPercent(10000, 8999)).toBe(10);
    expect(reductionPercent(9990, 8990)).toBe(10);
    expect(reductionPercent(0, 0)).toBeNull();
    expect(reductionPercent(5000, 5000)).toBeNull();
  });
});

// ---------------------------------------------------------------------------------------------
// Properties over random price timelines, against an oracle written another way: each row's
// interval of time in force, intersected with the window.

const timeline = fc
  .array(
    fc.record({
      at: fc
        .integer({ min: -120, max: 30 })
        .chain((d) => fc.integer({ min: 0, max: 23 }).map((h) => day(d) + h * 3_600_000)),
      cents: fc.integer({ min: 1, max: 100_000 }),
      reduced: fc.boolean(),
    }),
    { minLength: 1, maxLength: 12 },
  )
  .map((points) => [...points].sort((a, b) => a.at - b.at))
  // One row per instant: the oracle below needs no tie rule.
  .map((points) => points.filter((point, i) => points[i + 1]?.at !== point.at));
const moment = fc.integer({ min: -90, max: 30 }).map((d) => day(d) + 1_800_000);

/** The prices in force at some instant of [from, to): each row lasts until the next one begins. */
function pricesInForceBetween(log: PricePoint[], from: number, to: number): number[] {
  return log
    .filter((point, i) => {
      const end = log[i + 1]?.at ?? Number.POSITIVE_INFINITY;
      return point.at < to && end > from;
    })
    .map((point) => point.cents);
}

describe("properties", () => {
  test("the prior price is the lowest price in force in the 30 days before the reduction began", () => {
    fc.assert(
      fc.property(timeline, moment, (log, at) => {
        const prior = priorPrice(log, at);
        const start = reductionStartAt(log, at);
        const prices = pricesInForceBetween(log, start - WINDOW_DAYS * DAY_MS, start);
        if (prices.length === 0) expect(prior).toBeNull();
        else expect(prior?.cents).toBe(Math.min(...prices));
      }),
    );
  });

  test("nothing logged after the reduction began changes its prior price", () => {
    fc.assert(
      fc.property(timeline, moment, timeline, (log, at, later) => {
        const start = reductionStartAt(log, at);
        const future = later.map((point) => ({ ...point, at: Math.max(point.at, at + 1) }));
        const before = priorPrice(log, at);
        const withFuture = priorPrice([...log, ...future], at);
        expect(withFuture?.cents).toBe(before?.cents);
        expect(reductionStartAt([...log, ...future], at)).toBe(start);
      }),
    );
  });

  test("every step of an unbroken reduced period of up to 60 days keeps the first cut's prior price", () => {
    fc.assert(
      fc.property(
        timeline,
        fc.array(fc.integer({ min: 1, max: 100_000 }), { minLength: 1, maxLength: 5 }),
        fc.integer({ min: 0, max: STAGED_DAYS }),
        (history, steps, span) => {
          const cut = day(31);
          // The history ends on a regular price, so that the cut begins the reduced period.
          const log = [
            ...history,
            { at: cut - 60_000, cents: 100_000, reduced: false },
            ...steps.map((cents, i) => ({
              at: cut + Math.floor((span * DAY_MS * i) / steps.length),
              cents,
              reduced: true,
            })),
          ];
          const first = priorPrice(log, cut);
          for (const point of log.filter((p) => p.at >= cut)) {
            expect(priorPrice(log, point.at)?.cents).toBe(first?.cents);
            expect(reductionStartAt(log, point.at)).toBe(cut);
          }
        },
      ),
    );
  });

  test("a claimed reduction never exceeds what the prior price supports", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10_000_000 }),
        fc.integer({ min: 0, max: 10_000_000 }),
        (p, c) => {
          const percent = reductionPercent(p, c);
          if (c >= p) expect(percent).toBeNull();
          else {
            expect(percent).toBeGreaterThanOrEqual(0);
            expect(percent).toBeLessThanOrEqual(100);
            // The price is at most the prior price less the claimed share.
            expect(c * 100).toBeLessThanOrEqual(p * (100 - (percent ?? 0)));
          }
        },
      ),
    );
  });
});
