import { z } from "zod";
import { type AmountProblem, moneyProblem, parseMoney, parsePercent, percentProblem, toCents } from "./money";

/**
 * The zod fields for amounts typed into a form or sent as JSON: money in euros and percentages.
 * Each refusal says what is wrong (negative, too large, too many decimals, not a number), from the
 * rules in money.ts; messages are i18n keys in `common:validation`.
 */

type Options = {
  /** Empty is refused with this message; without it, empty means `fallback`. */
  requiredMessage?: string;
  /** The value of an empty optional field ("0.00"), or null. */
  fallback?: string | null;
};

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

function amountField<T>(
  options: Options,
  problemOf: (value: string | number) => AmountProblem | null,
  messages: Record<AmountProblem, string>,
  parse: (value: string | number) => T,
  extra?: (parsed: T) => string | null,
) {
  return z
    .union([z.string(), z.number()], { invalid_type_error: messages.format })
    .nullish()
    .transform((value, ctx): T | string | null => {
      if (value === null || value === undefined || (typeof value === "string" && value.trim() === "")) {
        if (options.requiredMessage) {
          ctx.addIssue({ code: "custom", message: options.requiredMessage });
          return z.NEVER;
        }
        return options.fallback ?? null;
      }
      const problem = problemOf(value);
      if (problem) {
        ctx.addIssue({ code: "custom", message: messages[problem] });
        return z.NEVER;
      }
      const parsed = parse(value);
      const refusal = extra?.(parsed);
      if (refusal) {
        ctx.addIssue({ code: "custom", message: refusal });
        return z.NEVER;
      }
      return parsed;
    });
}

/** Euros, 0 to 99 999 999.99 with at most two decimals, as "12.50". */
function money(options: Options & { aboveZero?: boolean }) {
  return amountField(
    options,
    moneyProblem,
    MONEY_MESSAGES,
    (value) => parseMoney(value) as string,
    (amount) => (options.aboveZero && toCents(amount) <= 0 ? "validation.money.aboveZero" : null),
  );
}

/** A required amount in euros ("12.50"); `aboveZero` refuses 0 too (a selling price). */
export function requiredMoney(requiredMessage: string, options: { aboveZero?: boolean } = {}) {
  return money({ requiredMessage, ...options }) as z.ZodType<string, z.ZodTypeDef, unknown>;
}

/** An optional amount in euros: empty is `fallback`. */
export function optionalMoney<F extends string | null>(fallback: F, options: { aboveZero?: boolean } = {}) {
  return money({ fallback, ...options }) as z.ZodType<string | F, z.ZodTypeDef, unknown>;
}

/** A percentage 0 to 100 with at most two decimals, as "12.50"; empty is `fallback`. */
export function optionalPercent<F extends string | null>(fallback: F) {
  return amountField({ fallback }, percentProblem, PERCENT_MESSAGES, (value) =>
    ((parsePercent(value) as number) / 100).toFixed(2),
  ) as z.ZodType<string | F, z.ZodTypeDef, unknown>;
}
