import { defineAggregateServer } from "~/models/registry.server";
import { Campaign, CampaignProduct } from "./campaign.entity";
import { raiseCampaignDayAlerts } from "./campaign-alerts.server";

/** The campaign aggregate on the server: its entities and its scheduled work. */
export const server = defineAggregateServer({
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
