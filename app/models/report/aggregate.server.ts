import { SHOP_TIME_ZONE } from "~/i18n/shop-time-zone";
import { todayIn } from "~/models/campaign/campaign-status";
import { defineAggregateServer } from "~/models/registry.server";
import { REPORT_OPERATIONS } from "./report-operations";
import { StockValueSnapshot } from "./stock-value.entity";
import { writeStockValueSnapshot } from "./stock-value.server";

/** The report aggregate on the server: its entities, its scheduled work and its /api operations. */
export const server = defineAggregateServer({
  entities: [StockValueSnapshot],
  // Return figures (issue #31 item 7).
  operations: REPORT_OPERATIONS,
  jobs: [
    // The day's stock value (sales report), from the kept totals, before the shop's day ends.
    {
      name: "stock-value-snapshot",
      cron: "55 23 * * *",
      run: (orm, now) => writeStockValueSnapshot(todayIn(SHOP_TIME_ZONE, now), orm.em.fork()),
    },
  ],
});

declare module "~/models/registry.server" {
  interface ServerAggregates {
    report: typeof server;
  }
}
