import { type AmountProblem, moneyProblem, parseMoney, parsePercent, percentProblem, toCents } from "./money";

/**
 * The checks of an amount field, without a schema library: what `amount-schema.ts` wraps into zod
 * fields, and what the margin calculator runs as the user types (it needs two amounts, not zod).
 * Messages are i18n keys in `common:validation`.
 */
export type AmountOptions = {
  /** Empty is refused with this message; without it, empty means `fallback`. */
  requiredMessage?: string;
  /** The value of an empty optional field ("0.00"), or null. */
  fallback?: string | null;
  /** Refuses 0 too (a selling price). Money only. */
  aboveZero?: boolean;
};

export type AmountCheck = { ok: true; value: string | null } | { ok: false; message: string };

const MONEY_MESSAGES: Record<AmountProblem, string> = {
  format: "validation.money.format",
  negative: "validation.money.negative",
  tooLarge: "validation.money.tooLarge",
  decimals: "validation.money.decimals",
};

const PERCENT_MESSAGES: Record<AmountProblem, string> = {
  format: "validation.percent.format",
  negative: "validation.percent.negative",
  tooLarge: "validation.percent.tooLarge",
  decimals: "validation.percent.decimals",
};

export const AMOUNT_FORMAT_MESSAGE = { money: MONEY_MESSAGES.format, percent: PERCENT_MESSAGES.format };

function checkAmount(
  value: string | number | null | undefined,
  options: AmountOptions,
  problemOf: (value: string | number) => AmountProblem | null,
  messages: Record<AmountProblem, string>,
  parse: (value: string | number) => string,
  extra?: (parsed: string) => string | null,
): AmountCheck {
  if (value === null || value === undefined || (typeof value === "string" && value.trim() === "")) {
    if (options.requiredMessage) return { ok: false, message: options.requiredMessage };
    return { ok: true, value: options.fallback ?? null };
  }
  const problem = problemOf(value);
  if (problem) return { ok: false, message: messages[problem] };
  const parsed = parse(value);
  const refusal = extra?.(parsed);
  return refusal ? { ok: false, message: refusal } : { ok: true, value: parsed };
}

/** Euros, 0 to 99 999 999.99 with at most two decimals, as "12.50". */
export function checkMoney(value: string | number | null | undefined, options: AmountOptions): AmountCheck {
  return checkAmount(
    value,
    options,
    moneyProblem,
    MONEY_MESSAGES,
    (input) => parseMoney(input) as string,
    (amount) => (options.aboveZero && toCents(amount) <= 0 ? "validation.money.aboveZero" : null),
  );
}

/** A percentage 0 to 100 with at most two decimals, as "12.50". */
export function checkPercent(value: string | number | null | undefined, options: AmountOptions): AmountCheck {
  return checkAmount(value, options, percentProblem, PERCENT_MESSAGES, (input) =>
    ((parsePercent(input) as number) / 100).toFixed(2),
  );
}
