import { defineAggregate, defineAudited, defineChecks, text } from "~/models/aggregate";

/**
 * Supplier claims (reklamaatio, issue #31 item 6): defective units gathered per supplier, sent,
 * then credited, replaced or refused. Admins and managers write them; everyone signed in reads.
 */
export const aggregate = defineAggregate({
  permissions: { "claim:write": ["admin", "manager"] },
  lists: { supplierClaim: "/purchasing/claims" },
});

/** What the audit trail records: each claim's creation, changes, sending, closing and deletion, and its lines' outcomes. */
export const audited = defineAudited({
  SupplierClaim: {
    type: "supplier_claim",
    place: 55,
    label: (claim) => text(claim.claimNumber),
    page: "/purchasing/claims/:id",
    ignore: ["email"],
  },
  SupplierClaimLine: {
    type: "supplier_claim_line",
    place: 56,
    label: (line) => `${text(line.productName)} (${text(line.sku)})`,
    ignore: ["position", "claim"],
  },
});

declare module "~/models/aggregate" {
  interface Aggregates {
    "supplier-claim": typeof aggregate & { audited: typeof audited };
  }
}

/**
 * What the cross-cutting tests walk: anyone signed in reads claims and the defective stock;
 * admins and managers ("claim:write") create, change, send, settle and delete them. `:id` rows use
 * a claim that does not exist: a permitted write gets past the guard and answers 404.
 */
export const checks = defineChecks({
  routes: [
    ["GET", "/purchasing/claims", "staff", 200],
    // An empty form names no intent.
    ["POST", "/purchasing/claims", "managers", 400],
    ["GET", "/purchasing/claims/:id", "staff", 404, { target: "missing" }],
    ["POST", "/purchasing/claims/:id", "managers", 404, { target: "missing" }],
    ["GET", "/api/defective-stock", "staff", 200],
    ["POST", "/api/defective-stock", "everyone", 405],
    ["GET", "/api/supplier-claims", "staff", 200],
    ["POST", "/api/supplier-claims", "managers", 400], // no supplier
    ["GET", "/api/supplier-claims/:id", "staff", 404, { target: "missing" }],
    ["PATCH", "/api/supplier-claims/:id", "managers", 404, { target: "missing" }],
    ["DELETE", "/api/supplier-claims/:id", "managers", 404, { target: "missing" }],
    ["GET", "/api/supplier-claims/:id/transition", "everyone", 405],
    ["POST", "/api/supplier-claims/:id/transition", "managers", 404, { target: "missing" }],
    ["GET", "/api/supplier-claims/:id/outcomes", "everyone", 405],
    ["POST", "/api/supplier-claims/:id/outcomes", "managers", 404, { target: "missing" }],
  ],
  fingerprint: ["supplier_claim", "supplier_claim_line"],
});
