/** The kinds of automation rule (spec section 2): what each watches is in rule-schema.ts. */
export const RULE_TYPES = ["price_update", "reorder", "alert", "custom"] as const;
export type RuleType = (typeof RULE_TYPES)[number];

export function isRuleType(value: unknown): value is RuleType {
  return RULE_TYPES.includes(value as RuleType);
}

/** Where the rule dialogs go back to: the rules tab of /notifications. */
export const RULES_TAB = "/notifications/rules";

/** Each type's example, as the rule form shows it (checked against rule-schema.ts by a test). */
export const RULE_EXAMPLES: Record<RuleType, { conditions: object; actions: object }> = {
  reorder: { conditions: { stockBelow: 5 }, actions: { reorderQuantity: 20 } },
  price_update: { conditions: { purchasePriceChangeAbove: 5 }, actions: {} },
  alert: { conditions: { metric: "margin", below: 15 }, actions: {} },
  custom: { conditions: { orderTotalAbove: 5000 }, actions: { requireApprovalBy: "admin" } },
};
