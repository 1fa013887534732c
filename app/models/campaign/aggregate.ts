import { defineAggregate, defineAudited, idOf, text } from "~/models/aggregate";

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
