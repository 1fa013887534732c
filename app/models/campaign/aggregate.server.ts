import { defineAggregateServer } from "~/models/registry.server";
import { Campaign, CampaignProduct } from "./campaign.entity";
import { raiseCampaignDayAlerts } from "./campaign-alerts.server";
import { CAMPAIGN_OPERATIONS } from "./campaign-operations";
import { demoCampaigns } from "./demo.server";

/** The campaign aggregate on the server: its entities, its /api operations and its scheduled work. */
export const server = defineAggregateServer({
  demo: demoCampaigns,
  operations: CAMPAIGN_OPERATIONS,
  entities: [Campaign, CampaignProduct],
  jobs: [
    // Campaign start and end alerts, at the shop's midnight.
    {
      name: "campaign-day",
      cron: "0 0 * * *",
      run: (orm, now) => raiseCampaignDayAlerts(orm.em.fork(), now),
    },
  ],
});

declare module "~/models/registry.server" {
  interface ServerAggregates {
    campaign: typeof server;
  }
}
