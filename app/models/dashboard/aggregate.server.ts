import { defineAggregateServer } from "~/models/registry.server";
import { CatalogueFigure, CatalogueSummary, StockLevelCount } from "./catalogue-summary.entity";

/** The dashboard aggregate on the server: its entities. */
export const server = defineAggregateServer({
  entities: [CatalogueSummary, StockLevelCount, CatalogueFigure],
});
