import { RequestContext } from "@mikro-orm/core";
import type { MikroORM } from "@mikro-orm/postgresql";
import PgBoss from "pg-boss";

/**
 * Scheduled work and work queues, through pg-boss: its jobs and schedules live in PostgreSQL
 * (schema `pgboss`), so they survive a restart, and with several server processes each job runs
 * in one of them, once. Which jobs there are is start-up's (app/startup/jobs.server.ts).
 */

/** A scheduled job: its cron schedule, in the shop's time zone, and its work. */
export type Job = { name: string; cron: string; run: (orm: MikroORM, now: Date) => Promise<unknown> };

/** A queue of work that requests send (sendJob); a job taken by a process that died is retried after `expireInSeconds`. */
export type Queue = {
  name: string;
  expireInSeconds: number;
  run: (orm: MikroORM, data: Record<string, unknown>) => Promise<unknown>;
};

let boss: PgBoss | undefined;
/** The database of the jobs, for sending from a process that does not run them (JOBS=false). */
let connection: string | undefined;
let sender: Promise<PgBoss> | undefined;

export async function startJobs(
  orm: MikroORM,
  connectionString: string,
  options: { work: boolean; jobs: Job[]; queues: Queue[]; timeZone: string },
) {
  connection = connectionString;
  if (boss || !options.work) return;
  const started = new PgBoss({ connectionString, max: 3, application_name: "voltstock-jobs" });
  started.on("error", (error) => console.error("[jobs]", error.message));
  await started.start();
  for (const job of options.jobs) {
    await started.createQueue(job.name, {
      name: job.name,
      policy: "singleton",
      retryLimit: 3,
      retryDelay: 60,
    });
    await started.schedule(job.name, job.cron, {}, { tz: options.timeZone });
    await started.work(job.name, { pollingIntervalSeconds: 5 }, async () => {
      await RequestContext.create(orm.em, () => job.run(orm, new Date()));
    });
  }
  for (const queue of options.queues) {
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
