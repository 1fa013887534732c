import { defineAggregateServer } from "~/models/registry.server";
import { PriceBatch, PriceBatchLine } from "./price-batch.entity";
import { deleteOldPreviews } from "./price-batch-previews.server";

/** The price batch aggregate on the server: its entities, and the previews nobody applied deleted. */
export const server = defineAggregateServer({
  entities: [PriceBatch, PriceBatchLine],
  jobs: [
    {
      name: "price-batch-cleanup",
      cron: "45 3 * * *",
      run: (orm, now) => deleteOldPreviews(orm.em.fork(), now),
    },
  ],
});
