import { defineAggregateServer } from "~/models/registry.server";
import { ImportJob, ImportJobRow } from "./import-job.entity";
import { deleteOldImports, IMPORT_QUEUE, runImport } from "./import-job.server";

/** The import aggregate on the server: its entities and its scheduled work. */
export const server = defineAggregateServer({
  entities: [ImportJob, ImportJobRow],
  // Checked imports nobody started, and old imports' rows.
  jobs: [
    { name: "import-cleanup", cron: "30 3 * * *", run: (orm, now) => deleteOldImports(orm.em.fork(), now) },
  ],
  queues: [
    {
      name: IMPORT_QUEUE,
      // 50,000 rows take a few minutes; a run found dead after this is started over.
      expireInSeconds: 30 * 60,
      run: (orm, data) =>
        runImport(orm, Number(data.importId), {
          belowCostReason: typeof data.belowCostReason === "string" ? data.belowCostReason : null,
        }),
    },
  ],
});
