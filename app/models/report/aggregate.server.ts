import { SHOP_TIME_ZONE } from "~/i18n/shop-time-zone";
import { todayIn } from "~/models/campaign/campaign-status";
import { defineAggregateServer } from "~/models/registry.server";
import { StockValueSnapshot } from "./stock-value.entity";
import { writeStockValueSnapshot } from "./stock-value.server";

/** The report aggregate on the server: its entities and its scheduled work. */
export const server = defineAggregateServer({
  entities: [StockValueSnapshot],
  jobs: [
    // The day's stock value (sales report), from the kept totals, before the shop's day ends.
    {
      name: "stock-value-snapshot",
      cron: "55 23 * * *",
      run: (orm, now) => writeStockValueSnapshot(todayIn(SHOP_TIME_ZONE, now), orm.em.fork()),
    },
  ],
});
