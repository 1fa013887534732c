import { calculateMargin, isBelowCost, netPurchasePrice } from "~/models/margin";
import { toCents } from "~/models/money";
import { can } from "~/models/user/permissions";
import type { Role } from "~/models/user/roles";

/*
 * The below-cost guard (issue #29 item 4), the one rule for every place a price is set: a selling
 * price, a campaign price, a bulk repricing result, a quote's or an order's line price and a
 * customer's discount that put the net margin under zero (`isBelowCost`, margin.ts) are refused
 * unless an admin or a manager confirms them with a reason. The reason, who gave it and when are
 * stored (below-cost.entity.ts), shown in the audit log and listed in the "Sold or priced below
 * cost" report. A salesperson cannot confirm. Its write half is below-cost.server.ts.
 */

/** Where a price below cost was set. */
export const BELOW_COST_SUBJECTS = [
  "product",
  "campaign",
  "price_batch",
  "quote",
  "order",
  "customer",
] as const;
export type BelowCostSubject = (typeof BELOW_COST_SUBJECTS)[number];

/** The form field and the API body key that carry the reason. */
export const BELOW_COST_REASON = "belowCostReason";

/** One price below cost that a write would set: a product's, or a customer's discount. */
export type BelowCostFinding = {
  productId: number | null;
  /** The product as "Name (SKU)", or the customer. */
  label: string;
  /** The price set or charged, VAT included; null for a customer's discount. */
  price: string | null;
  /** The net purchase price (VAT excluded). */
  cost: string | null;
  /** The net margin at that price, one decimal (under zero). */
  margin: number | null;
  /** A customer's discount, percent. */
  discountPercent?: string | null;
};

/** A product at a price someone sets (VAT included), with the facts its margin is computed from. */
export type PricedProduct = {
  id: number;
  name: string;
  sku: string;
  price: string;
  purchasePrice: string;
  vatInclusive: boolean;
  vatRate: string | number;
};

/** The products whose price puts their net margin under zero (margin.ts `isBelowCost`). */
export function belowCostFindings(products: readonly PricedProduct[]): BelowCostFinding[] {
  return products.flatMap((product) => {
    const input = {
      purchasePrice: product.purchasePrice,
      sellingPrice: product.price,
      vatInclusive: product.vatInclusive,
      vatRate: Number(product.vatRate),
    };
    if (toCents(product.price) <= 0 || !isBelowCost(input)) return [];
    return [
      {
        productId: product.id,
        label: `${product.name} (${product.sku})`,
        price: product.price,
        cost: netPurchasePrice(product),
        margin: calculateMargin(input).marginPercentage,
      },
    ];
  });
}

/** Who confirms prices below cost, and why. */
export type BelowCostConfirmation = { reason: string; userId: number; role: Role };

export type BelowCostRefusal =
  /** Below cost and no reason: an admin or manager may confirm it with one. */
  | { ok: false; reason: "belowCost"; findings: BelowCostFinding[] }
  /** A reason given by a user whose role may not confirm. */
  | { ok: false; reason: "belowCostForbidden"; findings: BelowCostFinding[] };

/**
 * The guard's decision on a write that would set these prices: nothing to say when none is below
 * cost, or when an admin or manager confirms them with a reason; otherwise the refusal.
 */
export function belowCostRefusal(
  findings: readonly BelowCostFinding[],
  confirmation: BelowCostConfirmation | null,
): BelowCostRefusal | null {
  if (findings.length === 0) return null;
  if (!confirmation) return { ok: false, reason: "belowCost", findings: [...findings] };
  if (!can(confirmation.role, "price:belowCost"))
    return { ok: false, reason: "belowCostForbidden", findings: [...findings] };
  return null;
}

/**
 * The confirmation a request carries: its reason (already checked by `belowCostReasonSchema`)
 * with the signed-in user, or none without a reason.
 */
export function confirmationOf(
  reason: string | null | undefined,
  user: { id: number; role: Role },
): BelowCostConfirmation | null {
  return reason ? { reason, userId: user.id, role: user.role } : null;
}

/** Prices below cost a form shows at most (the count says how many more). */
export const BELOW_COST_SHOWN = 5;

/** A refusal as a form shows it: the first findings, how many there are, and whether the reason was not the user's to give. */
export type BelowCostAnswer = {
  findings: BelowCostFinding[];
  count: number;
  forbidden: boolean;
};

/** The form's answer to a refusal of the guard. */
export function belowCostAnswer(refusal: BelowCostRefusal): BelowCostAnswer {
  return {
    findings: refusal.findings.slice(0, BELOW_COST_SHOWN),
    count: refusal.findings.length,
    forbidden: refusal.reason === "belowCostForbidden",
  };
}

/** The guard's refusal, whichever write path refused. */
export function isBelowCostRefusal(refusal: { reason: string }): refusal is BelowCostRefusal {
  return refusal.reason === "belowCost" || refusal.reason === "belowCostForbidden";
}

/**
 * Writes no person makes: the demo's and the benchmark's seeders (the shop's starting data, which
 * has low margins and discounts on purpose) and a quote's conversion (the order takes the quote's
 * prices, which the guard checked when the quote was written). Not refused, and nothing recorded
 * by the guard itself.
 */
export const UNGUARDED = "unguarded";

/** What a write path is given: a person's confirmation, none, or a write no person makes. */
export type BelowCostGuard = BelowCostConfirmation | null | typeof UNGUARDED;

/** The guard's decision for a write path given a `BelowCostGuard`. */
export function guardedRefusal(
  findings: readonly BelowCostFinding[],
  guard: BelowCostGuard,
): BelowCostRefusal | null {
  return guard === UNGUARDED ? null : belowCostRefusal(findings, guard);
}
