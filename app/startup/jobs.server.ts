import { SHOP_TIME_ZONE } from "~/i18n/shop-time-zone";
import type { Job, Queue } from "~/infra/jobs.server";
import { raiseCampaignDayAlerts } from "~/models/campaign/campaign-alerts.server";
import { todayIn } from "~/models/campaign/campaign-status";
import { deleteOldImports, IMPORT_QUEUE, runImport } from "~/models/import/import-job.server";
import { queueDailyDigest } from "~/models/notification/digest.server";
import { deliverPendingEmail } from "~/models/notification/mail.server";
import { expireQuotes } from "~/models/order/quote.server";
import { followCampaignPrices } from "~/models/price/price-history.server";
import { writeStockValueSnapshot } from "~/models/report/stock-value.server";
import { sendScheduledReports } from "~/models/report-schedule/scheduled-report.server";

/**
 * Scheduled work, through pg-boss (app/infra/jobs.server.ts): a job is a schedule and a function of
 * a model. Times are the shop's (SHOP_TIME_ZONE).
 */
export const JOBS: Job[] = [
  // Campaign start and end alerts, at the shop's midnight.
  { name: "campaign-day", cron: "0 0 * * *", run: (orm, now) => raiseCampaignDayAlerts(orm.em.fork(), now) },
  // The price log follows campaign prices that began or ended at midnight: every five minutes, so
  // that whichever process is up writes them soon (each row at its day's first moment).
  {
    name: "campaign-prices",
    cron: "*/5 * * * *",
    run: (orm, now) => followCampaignPrices(orm.em.fork(), now),
  },
  // The daily digest e-mail, before the shop opens.
  { name: "daily-digest", cron: "0 7 * * *", run: (orm, now) => queueDailyDigest(orm.em.fork(), now) },
  // Reports that managers scheduled by e-mail (report-schedule.ts SEND_TIME), before the digest.
  {
    name: "scheduled-reports",
    cron: "30 6 * * *",
    run: (orm, now) => sendScheduledReports(orm.em.fork(), now),
  },
  // Quotes past their last valid day expire, just after the shop's midnight.
  {
    name: "expire-quotes",
    cron: "5 0 * * *",
    run: (orm, now) => expireQuotes(todayIn(SHOP_TIME_ZONE, now), orm.em.fork()),
  },
  // The day's stock value (sales report), from the kept totals, before the shop's day ends.
  {
    name: "stock-value-snapshot",
    cron: "55 23 * * *",
    run: (orm, now) => writeStockValueSnapshot(todayIn(SHOP_TIME_ZONE, now), orm.em.fork()),
  },
  // The outbox's e-mails, every minute.
  { name: "deliver-email", cron: "* * * * *", run: (orm) => deliverPendingEmail(orm.em.fork()) },
  // Checked imports nobody started, and old imports' rows.
  { name: "import-cleanup", cron: "30 3 * * *", run: (orm, now) => deleteOldImports(orm.em.fork(), now) },
];

/**
 * Work sent by requests, run as soon as a process that runs jobs takes it (one at a time there).
 * A job whose process dies is given to another after `expireInSeconds` (or at once when the
 * process stops gracefully): the work must be safe to run again.
 */
export const QUEUES: Queue[] = [
  {
    name: IMPORT_QUEUE,
    // 50,000 rows take a few minutes; a run found dead after this is started over.
    expireInSeconds: 30 * 60,
    run: (orm, data) => runImport(orm, Number(data.importId)),
  },
];
