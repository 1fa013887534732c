import { defineAggregate, defineAudited, defineChecks, idOf, text } from "~/models/aggregate";

/** Campaigns and their products. */
export const aggregate = defineAggregate({
  permissions: { "campaign:write": ["admin", "manager"] },
  sidebar: [{ to: "/campaigns", label: "nav.campaigns", icon: "campaigns", place: 70 }],
  lists: { campaign: "/campaigns" },
});

/** What the audit trail records of it (the server's and /audit's: not in the other pages' bundle). */
export const audited = defineAudited({
  Campaign: { type: "campaign", place: 30, label: (c) => text(c.name), page: "/campaigns/:id" },
  CampaignProduct: {
    type: "campaign_product",
    place: 40,
    label: (cp) => `campaign ${idOf(cp.campaign)}, product ${idOf(cp.product)}`,
  },
});

declare module "~/models/aggregate" {
  interface Aggregates {
    campaign: typeof aggregate & { audited: typeof audited };
  }
}

/**
 * What the cross-cutting tests walk: the authorization matrix, the API document, the fuzzer.
 * `:productId` is the record product/aggregate.ts declares.
 */
export const checks = defineChecks({
  routes: [
    ["GET", "/campaigns", "staff", 200],
    ["GET", "/campaigns/:id", "staff", 200],
    ["POST", "/campaigns/:id", "managers", 400],
    ["GET", "/campaigns/new", "managers", 200],
    ["POST", "/campaigns/new", "managers", 400],
    ["GET", "/campaigns/:id/edit", "managers", 200],
    ["POST", "/campaigns/:id/edit", "managers", 400],
    ["GET", "/campaigns/:id/delete", "managers", 200],
    ["POST", "/campaigns/:id/delete", "managers", "→/campaigns", { target: "missing" }],
    ["GET", "/api/campaigns", "staff", 200],
    ["POST", "/api/campaigns", "managers", 400],
    ["GET", "/api/campaigns/:id", "staff", 200],
    ["PATCH", "/api/campaigns/:id", "managers", 404, { target: "missing" }],
    ["DELETE", "/api/campaigns/:id", "managers", 404, { target: "missing" }],
    ["GET", "/api/campaigns/:id/products", "staff", 200],
    ["POST", "/api/campaigns/:id/products", "managers", 404, { target: "missing" }],
    ["GET", "/api/campaigns/:id/products/:productId", "everyone", 405],
    ["DELETE", "/api/campaigns/:id/products/:productId", "managers", 404, { target: "missing" }],
  ],
  // A campaign to come (fixed dates: the body is data); its pages answer as a running one's.
  record: {
    segment: "campaigns",
    create: "/api/campaigns",
    body: { name: "Checked campaign {unique}", startDate: "2030-01-01", endDate: "2030-01-31" },
  },
  fingerprint: ["campaign"],
});
