import { z } from "zod/v4";
import { lengthRule, typeMessages, whenValid } from "~/models/zod-messages";
import { RULE_TYPES, type RuleType } from "./rule-types";

/**
 * What each rule type watches, as JSON staff write on /notifications or send to the API.
 * Conditions and actions are objects with exactly these fields: a field a type does not know is
 * refused by name (a typo must not make a rule that silently never fires). Messages are i18n keys.
 */
const wholeNumber = (min: number) =>
  z
    .number(typeMessages({ required: "validation.required", invalid: "notifications:errors.number" }))
    .int("notifications:errors.wholeNumber")
    .min(min, min === 0 ? "notifications:errors.notNegative" : "notifications:errors.aboveZero")
    .max(1_000_000, "notifications:errors.tooLarge");

const percent = z
  .number(typeMessages({ required: "validation.required", invalid: "notifications:errors.number" }))
  .gt(0, "notifications:errors.aboveZero")
  .max(1000, "notifications:errors.tooLarge");

const categoryId = z
  .number(typeMessages({ invalid: "notifications:errors.categoryId" }))
  .int("notifications:errors.categoryId")
  .positive("notifications:errors.categoryId")
  .optional();

export const RULE_SHAPES = {
  reorder: {
    conditions: z.object({ stockBelow: wholeNumber(1), categoryId }).strict(),
    actions: z.object({ reorderQuantity: wholeNumber(1).optional() }).strict(),
  },
  price_update: {
    conditions: z.object({ purchasePriceChangeAbove: percent, categoryId }).strict(),
    actions: z.object({}).strict(),
  },
  alert: {
    conditions: z
      .object({
        metric: z.enum(["stock", "margin"], { error: "notifications:errors.metric" }),
        below: z
          .number(typeMessages({ required: "validation.required", invalid: "notifications:errors.number" }))
          .min(-1_000_000, "notifications:errors.tooLarge")
          .max(1_000_000, "notifications:errors.tooLarge"),
        categoryId,
      })
      .strict(),
    actions: z.object({}).strict(),
  },
  custom: {
    conditions: z
      .object({
        orderTotalAbove: z
          .number(typeMessages({ required: "validation.required", invalid: "notifications:errors.number" }))
          .positive("notifications:errors.aboveZero")
          .max(99_999_999, "notifications:errors.tooLarge"),
      })
      .strict(),
    actions: z.object({ requireApprovalBy: z.literal("admin").default("admin") }).strict(),
  },
} satisfies Record<RuleType, { conditions: z.ZodType; actions: z.ZodType }>;

export type RuleConditions<T extends RuleType> = z.infer<(typeof RULE_SHAPES)[T]["conditions"]>;
export type RuleActions<T extends RuleType> = z.infer<(typeof RULE_SHAPES)[T]["actions"]>;

/**
 * JSON as a form sends it (text) or the API does (an object, or text): text is parsed, and text
 * that is not JSON, or JSON that is not an object, is an error of that field.
 */
const jsonObject = z.unknown().transform((value, ctx) => {
  let parsed = value;
  if (typeof value === "string") {
    const text = value.trim();
    if (text === "") parsed = {};
    else {
      try {
        parsed = JSON.parse(text);
      } catch {
        ctx.addIssue({ code: "custom", message: "notifications:errors.json" });
        return z.NEVER;
      }
    }
  }
  if (parsed === undefined || parsed === null) parsed = {};
  if (typeof parsed !== "object" || Array.isArray(parsed)) {
    ctx.addIssue({ code: "custom", message: "notifications:errors.jsonObject" });
    return z.NEVER;
  }
  return parsed as Record<string, unknown>;
});

const ruleFields = z.object({
  name: z
    .string(typeMessages({ required: "notifications:errors.nameRequired", invalid: "validation.invalid" }))
    .trim()
    .min(1, lengthRule("notifications:errors.nameRequired"))
    .max(200, lengthRule("validation.tooLong")),
  type: z.enum(RULE_TYPES, { error: "notifications:errors.type" }),
  isActive: z
    .union([z.boolean(), z.enum(["on", "true", "false"])], typeMessages({ invalid: "validation.invalid" }))
    .optional()
    .transform((value) =>
      value === undefined ? true : value === true || value === "on" || value === "true",
    ),
  conditions: jsonObject,
  actions: jsonObject,
  version: z.coerce.number().int().positive().optional().catch(undefined),
});

/**
 * A rule from the page form or the API: the common fields, then conditions and actions checked
 * against the type's own shape, each problem under its field's path ("conditions.stockBelow").
 */
export const ruleSchema = ruleFields.transform(
  whenValid((rule, ctx) => {
    const shape = RULE_SHAPES[rule.type];
    const checkedRule = { ...rule };
    for (const part of ["conditions", "actions"] as const) {
      const checked = shape[part].safeParse(rule[part]);
      if (checked.success) {
        checkedRule[part] = checked.data as Record<string, unknown>;
        continue;
      }
      for (const issue of checked.error.issues) {
        if (issue.code === "unrecognized_keys") {
          for (const key of issue.keys) {
            ctx.addIssue({
              code: "custom",
              path: [part, ...issue.path, key],
              message: "notifications:errors.unknownField",
            });
          }
        } else {
          ctx.addIssue({ code: "custom", path: [part, ...issue.path], message: issue.message });
        }
      }
    }
    return checkedRule;
  }),
);

export type RuleInput = z.infer<typeof ruleSchema>;
