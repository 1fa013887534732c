import { SHOP_TIME_ZONE } from "~/i18n/shop-time-zone";
import { todayIn } from "~/models/campaign/campaign-status";
import { defineAggregateServer } from "~/models/registry.server";
import { demoOrders } from "./demo.server";
import { Quote, QuoteItem, SalesOrder, SalesOrderItem } from "./order.entity";
import { ORDER_OPERATIONS } from "./order-operations";
import { expireQuotes } from "./quote.server";

/** The order aggregate on the server: its entities, its /api operations and its scheduled work. */
export const server = defineAggregateServer({
  demo: demoOrders,
  operations: ORDER_OPERATIONS,
  entities: [SalesOrder, SalesOrderItem, Quote, QuoteItem],
  jobs: [
    // Quotes past their last valid day expire, just after the shop's midnight.
    {
      name: "expire-quotes",
      cron: "5 0 * * *",
      run: (orm, now) => expireQuotes(todayIn(SHOP_TIME_ZONE, now), orm.em.fork()),
    },
  ],
});

declare module "~/models/registry.server" {
  interface ServerAggregates {
    order: typeof server;
  }
}
