import { defineAggregateServer } from "~/models/registry.server";
import { ReportSchedule } from "./report-schedule.entity";
import { sendScheduledReports } from "./scheduled-report.server";

/** The report-schedule aggregate on the server: its entities and its scheduled work. */
export const server = defineAggregateServer({
  entities: [ReportSchedule],
  jobs: [
    // Reports that managers scheduled by e-mail (report-schedule.ts SEND_TIME), before the digest.
    {
      name: "scheduled-reports",
      cron: "30 6 * * *",
      run: (orm, now) => sendScheduledReports(orm.em.fork(), now),
    },
  ],
});
