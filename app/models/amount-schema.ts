import { z } from "zod/v4";
import { typeMessages } from "~/models/zod-messages";
import {
  AMOUNT_FORMAT_MESSAGE,
  type AmountCheck,
  type AmountOptions,
  checkMoney,
  checkPercent,
} from "./amount";

/**
 * The zod fields for amounts typed into a form or sent as JSON: money in euros and percentages.
 * Each refusal says what is wrong (negative, too large, too many decimals, not a number), from the
 * checks in amount.ts (the rules are in money.ts); messages are i18n keys in `common:validation`.
 */
function amountField(
  formatMessage: string,
  check: (value: string | number | null | undefined) => AmountCheck,
) {
  return z
    .union([z.string(), z.number()], typeMessages({ invalid: formatMessage }))
    .nullish()
    .transform((value, ctx) => {
      const checked = check(value);
      if (checked.ok) return checked.value;
      ctx.addIssue({ code: "custom", message: checked.message });
      return z.NEVER;
    });
}

/** A required amount in euros ("12.50"); `aboveZero` refuses 0 too (a selling price). */
export function requiredMoney(requiredMessage: string, options: { aboveZero?: boolean } = {}) {
  const settings: AmountOptions = { requiredMessage, ...options };
  return amountField(AMOUNT_FORMAT_MESSAGE.money, (value) => checkMoney(value, settings)) as z.ZodType<
    string,
    unknown
  >;
}

/** An optional amount in euros: empty is `fallback`. */
export function optionalMoney<F extends string | null>(fallback: F, options: { aboveZero?: boolean } = {}) {
  const settings: AmountOptions = { fallback, ...options };
  return amountField(AMOUNT_FORMAT_MESSAGE.money, (value) => checkMoney(value, settings)) as z.ZodType<
    string | F,
    unknown
  >;
}

/** A percentage 0 to 100 with at most two decimals, as "12.50"; empty is `fallback`. */
export function optionalPercent<F extends string | null>(fallback: F) {
  return amountField(AMOUNT_FORMAT_MESSAGE.percent, (value) =>
    checkPercent(value, { fallback }),
  ) as z.ZodType<string | F, unknown>;
}
