import { defineAggregateServer } from "~/models/registry.server";
import { BelowCostApproval } from "./below-cost.entity";
import { PriceHistory } from "./price-history.entity";
import { followCampaignPrices } from "./price-history.server";

/** The price aggregate on the server: its entities and its scheduled work. */
export const server = defineAggregateServer({
  entities: [PriceHistory, BelowCostApproval],
  jobs: [
    // The price log follows campaign prices that began or ended at midnight: every five minutes, so
    // that whichever process is up writes them soon (each row at its day's first moment).
    {
      name: "campaign-prices",
      cron: "*/5 * * * *",
      run: (orm, now) => followCampaignPrices(orm.em.fork(), now),
    },
  ],
});
