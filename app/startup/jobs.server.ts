import type { Job, Queue } from "~/infra/jobs.server";
import { JOBS as DECLARED_JOBS, QUEUES as DECLARED_QUEUES } from "~/models/registry.server";

/**
 * Scheduled work, through pg-boss (app/infra/jobs.server.ts): a job is a schedule and a function of
 * a model, declared by its aggregate (`aggregate.server.ts`, `jobs`). Times are the shop's
 * (SHOP_TIME_ZONE).
 */
export const JOBS: Job[] = [...DECLARED_JOBS];

/**
 * Work sent by requests, run as soon as a process that runs jobs takes it (one at a time there).
 * A job whose process dies is given to another after `expireInSeconds` (or at once when the
 * process stops gracefully): the work must be safe to run again. Declared by their aggregates
 * (`aggregate.server.ts`, `queues`).
 */
export const QUEUES: Queue[] = [...DECLARED_QUEUES];
