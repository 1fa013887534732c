import { RequestContext } from "@mikro-orm/core";
import type { MikroORM } from "@mikro-orm/postgresql";
import PgBoss from "pg-boss";
import { raiseCampaignDayAlerts } from "~/models/campaign/campaign-alerts.server";
import { todayIn } from "~/models/campaign/campaign-status";
import { queueDailyDigest } from "~/models/notification/digest.server";
import { deliverPendingEmail } from "~/models/notification/mail.server";
import { expireQuotes } from "~/models/order/order.server";
import { writeStockValueSnapshot } from "~/models/report/stock-value.server";
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
];

let boss: PgBoss | undefined;

export async function startJobs(orm: MikroORM, connectionString: string) {
  if (boss) return;
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
  boss = started;
}

export async function stopJobs() {
  const running = boss;
  boss = undefined;
  await running?.stop({ graceful: true, wait: true, timeout: 10_000 });
}
