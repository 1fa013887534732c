import { defineAggregate, idOf, text } from "~/models/aggregate";

/** Campaigns and their products. */
export const aggregate = defineAggregate({
  name: "campaign",
  permissions: { "campaign:write": ["admin", "manager"] },
  sidebar: [{ to: "/campaigns", label: "nav.campaigns", icon: "campaigns", place: 70 }],
  lists: { campaign: "/campaigns" },
  audited: {
    Campaign: { type: "campaign", place: 30, label: (c) => text(c.name), page: "/campaigns/:id" },
    CampaignProduct: {
      type: "campaign_product",
      place: 40,
      label: (cp) => `campaign ${idOf(cp.campaign)}, product ${idOf(cp.product)}`,
    },
  },
});

declare module "~/models/aggregate" {
  interface Aggregates {
    campaign: typeof aggregate;
  }
}
