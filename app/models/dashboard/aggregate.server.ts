import { defineAggregateServer } from "~/models/registry.server";
import { CatalogueFigure, CatalogueSummary, StockLevelCount } from "./catalogue-summary.entity";
import { DASHBOARD_OPERATIONS } from "./dashboard-operations";

/** The dashboard aggregate on the server: its entities and its /api operations. */
export const server = defineAggregateServer({
  operations: DASHBOARD_OPERATIONS,
  entities: [CatalogueSummary, StockLevelCount, CatalogueFigure],
});

declare module "~/models/registry.server" {
  interface ServerAggregates {
    dashboard: typeof server;
  }
}
