import { RequestContext } from "@mikro-orm/core";
import type { MikroORM } from "@mikro-orm/postgresql";
import PgBoss from "pg-boss";
import { raiseCampaignDayAlerts } from "~/models/campaign/campaign-alerts.server";
import { todayIn } from "~/models/campaign/campaign-status";
import { deleteOldImports, runImport } from "~/models/import/import-job.server";
import { queueDailyDigest } from "~/models/notification/digest.server";
import { deliverPendingEmail } from "~/models/notification/mail.server";
import { expireQuotes } from "~/models/order/order.server";
import { writeStockValueSnapshot } from "~/models/report/stock-value.server";
import { sendScheduledReports } from "~/models/report-schedule/scheduled-report.server";
import { SHOP_TIME_ZONE } from "~/models/shop-time-zone";

/**
 * Scheduled work, through pg-boss: its jobs and schedules live in PostgreSQL (schema `pgboss`), so
 * they survive a restart, and with several server processes each job runs in one of them, once.
 * Times are the shop's (SHOP_TIME_ZONE).
 */
const JOBS: { name: string; cron: string; run: (orm: MikroORM, now: Date) => Promise<unknown> }[] = [
  // Campaign start and end alerts, at the shop's midnight.
  { name: "campaign-day", cron: "0 0 * * *", run: (orm, now) => raiseCampaignDayAlerts(orm.em.fork(), now) },
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

/** The product import's queue: a request sends an import's id, the process that runs jobs writes it. */
export const IMPORT_QUEUE = "product-import";

/**
 * Work sent by requests, run as soon as a process that runs jobs takes it (one at a time there).
 * A job whose process dies is given to another after `expireInSeconds` (or at once when the
 * process stops gracefully): the work must be safe to run again.
 */
const QUEUES: {
  name: string;
  expireInSeconds: number;
  run: (orm: MikroORM, data: Record<string, unknown>) => Promise<unknown>;
}[] = [
  {
    name: IMPORT_QUEUE,
    // 50,000 rows take a few minutes; a run found dead after this is started over.
    expireInSeconds: 30 * 60,
    run: (orm, data) => runImport(orm, Number(data.importId)),
  },
];

let boss: PgBoss | undefined;
/** The database of the jobs, for sending from a process that does not run them (JOBS=false). */
let connection: string | undefined;
let sender: Promise<PgBoss> | undefined;

export async function startJobs(orm: MikroORM, connectionString: string, options = { work: true }) {
  connection = connectionString;
  if (boss || !options.work) return;
  const started = new PgBoss({ connectionString, max: 3, application_name: "voltstock-jobs" });
  started.on("error", (error) => console.error("[jobs]", error.message));
  await started.start();
  for (const job of JOBS) {
    await started.createQueue(job.name, {
      name: job.name,
      policy: "singleton",
      retryLimit: 3,
      retryDelay: 60,
    });
    await started.schedule(job.name, job.cron, {}, { tz: SHOP_TIME_ZONE });
    await started.work(job.name, { pollingIntervalSeconds: 5 }, async () => {
      await RequestContext.create(orm.em, () => job.run(orm, new Date()));
    });
  }
  for (const queue of QUEUES) {
    await started.createQueue(queue.name, {
      name: queue.name,
      policy: "standard",
      retryLimit: 2,
      retryDelay: 10,
      expireInSeconds: queue.expireInSeconds,
    });
    await started.work<Record<string, unknown>>(
      queue.name,
      { pollingIntervalSeconds: 1, batchSize: 1 },
      async ([job]) => {
        await queue.run(orm, job.data);
      },
    );
  }
  boss = started;
}

/**
 * Sends work to a queue; null when the queue does not exist (no process has run jobs on this
 * database). A process that does not run jobs sends through a small pg-boss of its own that only
 * inserts jobs (no maintenance, no schedules, no workers).
 */
export async function sendJob(name: string, data: Record<string, unknown>): Promise<string | null> {
  if (boss) return boss.send(name, data);
  if (!connection) throw new Error("Jobs are not set up in this process (startJobs was not called)");
  const target = connection;
  sender ??= (async () => {
    const only = new PgBoss({
      connectionString: target,
      max: 2,
      application_name: "voltstock-send",
      supervise: false,
      schedule: false,
      migrate: false,
    });
    only.on("error", (error) => console.error("[jobs]", error.message));
    return only.start();
  })().catch((error) => {
    sender = undefined;
    throw error;
  });
  return (await sender).send(name, data);
}

export async function stopJobs() {
  const running = boss;
  boss = undefined;
  const sending = sender;
  sender = undefined;
  await running?.stop({ graceful: true, wait: true, timeout: 10_000 });
  await (await sending?.catch(() => undefined))?.stop({ graceful: false, wait: true, timeout: 1000 });
}
