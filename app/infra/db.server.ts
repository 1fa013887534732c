import {
  type EntityManager,
  type EntityName,
  LockMode,
  MikroORM,
  RequestContext,
} from "@mikro-orm/postgresql";
import type { NextFunction, Request, Response } from "express";
import pg from "pg";
import { startJobs, stopJobs } from "~/infra/jobs.server";
import { beginRequest } from "~/models/audit/audit-trail.server";
import { seedDemoCatalogue } from "~/seeders/seed.server";
import { ormConfig } from "../../mikro-orm.config";
import { type EmbeddedDatabase, startEmbeddedPostgres } from "./embedded-postgres.server";
import { env } from "./env.server";

/** What start-up did, for the lines the server prints. */
export type StartupFacts = { migrations: number; seededProducts: number | null };

type Database = { orm: MikroORM; url: string; embedded?: EmbeddedDatabase; startup: StartupFacts };

declare global {
  // One database per process, kept across dev reloads so that the pool is not exhausted.
  var __database: Promise<Database> | undefined;
}

/** Connects (starting the embedded PostgreSQL when DATABASE_URL is unset), migrates and seeds. */
export function startDatabase(): Promise<Database> {
  globalThis.__database ??= openDatabase();
  return globalThis.__database;
}

async function openDatabase(): Promise<Database> {
  const { DATABASE_URL, DATA_DIR, SEED_DEMO, VOLTSTOCK_WORKER } = env();
  const embedded = DATABASE_URL ? undefined : await startEmbeddedPostgres(DATA_DIR);
  const url = DATABASE_URL ?? (embedded as EmbeddedDatabase).url;
  const orm = await MikroORM.init(ormConfig(url));
  // A worker's primary has migrated and seeded before forking it: start-up is quicker without
  // the two workers queueing for the lock below to find nothing to do.
  if (VOLTSTOCK_WORKER) return { orm, url, embedded, startup: { migrations: 0, seededProducts: null } };
  const { migrations, seeded } = await oneProcessAtATime(url, async () => ({
    migrations: await orm.migrator.up(),
    seeded: SEED_DEMO && (await seedDemoCatalogue(orm.em.fork())),
  }));
  const seededProducts = seeded
    ? (await orm.em.fork().execute<{ count: number }[]>("select count(*)::int as count from product"))[0]
        .count
    : null;
  return { orm, url, embedded, startup: { migrations: migrations.length, seededProducts } };
}

/**
 * Runs start-up's migrations and seed in one server process at a time: several processes starting
 * at once on one database (machines behind a load balancer, a rolling deploy) would otherwise
 * each create the same tables, and all but one would fail. The lock is PostgreSQL's, held by a
 * connection of its own, so a process that dies while holding it lets the others go on.
 */
async function oneProcessAtATime<T>(url: string, work: () => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query("select pg_advisory_lock(42005)");
    return await work();
  } finally {
    await client.end();
  }
}

/** Whether the database answers within a second (GET /readyz, for a proxy or an orchestrator). */
export async function databaseReady(): Promise<boolean> {
  try {
    const { orm } = await startDatabase();
    const probe = orm.em.fork().execute("select 1");
    const timeout = new Promise<never>((_, reject) =>
      setTimeout(() => reject(new Error("timeout")), 1000).unref(),
    );
    await Promise.race([probe, timeout]);
    return true;
  } catch {
    return false;
  }
}

/**
 * The jobs (app/jobs), run in this process unless JOBS=false: the server starts them. Every
 * process may send work to them (an import).
 */
export async function startBackgroundJobs() {
  const { orm, url } = await startDatabase();
  await startJobs(orm, url, { work: env().JOBS });
}

export async function stopDatabase() {
  await stopJobs();
  const database = await globalThis.__database;
  globalThis.__database = undefined;
  if (!database) return;
  await database.orm.close(true);
  await database.embedded?.stop();
}

/** Express middleware: every request gets its own EntityManager fork (and audit facts). */
export async function requestContext(_req: Request, res: Response, next: NextFunction) {
  const { orm } = await startDatabase();
  RequestContext.create(orm.em, () => {
    beginRequest(typeof res.locals.requestId === "string" ? res.locals.requestId : null);
    next();
  });
}

/** The current request's EntityManager. */
export function em(): EntityManager {
  const current = RequestContext.getEntityManager();
  if (!current) throw new Error("No request context: the database is used outside a request.");
  return current as EntityManager;
}

/**
 * Deletes one record by id through the unit of work, so that the audit trail records it (a delete
 * by query would pass it by). False when there was none.
 */
export async function deleteRecord<T extends object>(entity: EntityName<T>, id: number): Promise<boolean> {
  return em().transactional(async (tx) => {
    const found = await tx.findOne(entity, id as never, { lockMode: LockMode.PESSIMISTIC_WRITE });
    if (!found) return false;
    await tx.remove(found).flush();
    return true;
  });
}
