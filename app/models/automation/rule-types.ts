/** The kinds of automation rule (spec section 2): what each watches is in rule-schema.ts. */
export const RULE_TYPES = ["price_update", "reorder", "alert", "custom"] as const;
export type RuleType = (typeof RULE_TYPES)[number];

export function isRuleType(value: unknown): value is RuleType {
  return RULE_TYPES.includes(value as RuleType);
}

/** Where the rule dialogs go back to: the rules tab of /notifications. */
export const RULES_TAB = "/notifications?tab=rules";
