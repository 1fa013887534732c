/**
 * The prior price of a price reduction (issue #29; Consumer Protection Act ch. 2 s. 11, from
 * Directive 98/6/EC art. 6a): the lowest price a product was sold at in the 30 days before a
 * reduction began, read from its price log. Pure: the log is given, nothing is fetched.
 *
 * The rules, each with its test (prior-price.test.ts):
 * - The window is the 30 days before the reduction began. The price in force when it opens
 *   counts, and so does every price in force inside it; the reduced price itself does not.
 * - Only what happened before the reduction counts: a campaign scheduled for later is in the log
 *   with its future start and does not lower anything before it begins.
 * - A product on sale for less than 30 days uses its lowest price since it came on sale, and says
 *   for how many days (`daysOnSale`).
 * - A reduction that deepens step by step within one unbroken reduced period keeps the reference
 *   of its first cut, for as long as the period has lasted at most 60 days when the step begins;
 *   a later step is measured on its own 30 days.
 * - The reduction is a whole percentage of the prior price, rounded down: a claim is never larger
 *   than the prices support (90,00 -> 80,00 is 11 %, whatever the regular price was).
 * Days are 24 hours; the log's times are instants (milliseconds since the epoch).
 */

export const DAY_MS = 24 * 60 * 60 * 1000;
/** The days before a reduction whose lowest price is its reference. */
export const WINDOW_DAYS = 30;
/** The longest unbroken reduced period whose later, deeper steps keep the first cut's reference. */
export const STAGED_DAYS = 60;

/** One row of a product's price log: from `at` on, a customer paid `cents` (VAT included). */
export type PricePoint = {
  at: number;
  cents: number;
  /** A reduced price (a campaign's) rather than the regular one. */
  reduced: boolean;
};

export type PriorPrice = {
  /** The lowest price of the window, in cents. */
  cents: number;
  /** The moment the reduction this reference belongs to began (the window ends there). */
  reductionStart: number;
  /** Where the window began: 30 days before the reduction, or when the product came on sale. */
  windowStart: number;
  /** Set when the product was on sale for less than 30 days before the reduction. */
  daysOnSale: number | null;
};

/**
 * The rows that were ever in force, in time order: of several rows of one instant only the last
 * written one was (a campaign's start and a price change saved together).
 */
function inForceOrder(log: readonly PricePoint[]): PricePoint[] {
  const ordered = log
    .map((point, index) => ({ point, index }))
    .sort((a, b) => a.point.at - b.point.at || a.index - b.index)
    .map(({ point }) => point);
  return ordered.filter((point, i) => ordered[i + 1]?.at !== point.at);
}

/** The row in force at `moment`: the last one that began at or before it, or null before the first. */
export function priceInForce(log: readonly PricePoint[], moment: number): PricePoint | null {
  let current: PricePoint | null = null;
  for (const point of inForceOrder(log)) {
    if (point.at > moment) break;
    current = point;
  }
  return current;
}

/**
 * When the reduction a prior price belongs to began, for a reduction in force at `moment`: its
 * period's first cut while the period had lasted at most 60 days when the current step began,
 * else the current step. Without a reduction in force, `moment` itself (a reduction that would
 * begin now, as a campaign editor asks).
 */
export function reductionStartAt(log: readonly PricePoint[], moment: number): number {
  const effective = inForceOrder(log).filter((point) => point.at <= moment);
  const last = effective.length - 1;
  if (last < 0 || !effective[last].reduced) return moment;
  let first = last;
  while (first > 0 && effective[first - 1].reduced) first--;
  const periodStart = effective[first].at;
  const stepStart = effective[last].at;
  return stepStart - periodStart <= STAGED_DAYS * DAY_MS ? periodStart : stepStart;
}

/**
 * The prior price for a reduction in force at `moment` (or one beginning at `moment`): the lowest
 * price in force in the 30 days before the reduction began. Null when the product had no price
 * before then (a product whose first price is a reduced one has no reference to claim from).
 */
export function priorPrice(log: readonly PricePoint[], moment: number): PriorPrice | null {
  const start = reductionStartAt(log, moment);
  const opens = start - WINDOW_DAYS * DAY_MS;
  const before = inForceOrder(log).filter((point) => point.at < start);
  if (before.length === 0) return null;
  // The price in force when the window opens, and every price that began inside it.
  const atOpening = before.filter((point) => point.at <= opens).at(-1);
  const inside = before.filter((point) => point.at > opens);
  const counted = atOpening ? [atOpening, ...inside] : inside;
  const firstOnSale = before[0].at;
  const short = firstOnSale > opens;
  return {
    cents: Math.min(...counted.map((point) => point.cents)),
    reductionStart: start,
    windowStart: short ? firstOnSale : opens,
    daysOnSale: short ? Math.floor((start - firstOnSale) / DAY_MS) : null,
  };
}

/**
 * The reduction a price makes from its prior price, in whole percent rounded down; null when the
 * price is not below the prior price (the product may not be advertised as reduced).
 */
export function reductionPercent(priorCents: number, priceCents: number): number | null {
  if (!(priorCents > 0) || priceCents >= priorCents) return null;
  return Math.floor(((priorCents - priceCents) * 100) / priorCents);
}
