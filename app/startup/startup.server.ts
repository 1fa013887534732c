/**
 * Start-up, in one place: connect, migrate, seed the demo catalogue, run the jobs, and say what was
 * done. server.ts calls it through the build's entry (app/entry.server.tsx), so that the ORM, the
 * entities and the request middleware are one copy in one module graph; the scripts call it too.
 * Nothing else in app/ imports it (.dependency-cruiser.cjs).
 */
import path from "node:path";
import { RequestContext } from "@mikro-orm/postgresql";
import pg from "pg";
import { SHOP_TIME_ZONE } from "~/i18n/shop-time-zone";
import { type Connection, closeDatabase, connectDatabase } from "~/infra/database.server";
import { env } from "~/infra/env.server";
import { startJobs, stopJobs } from "~/infra/jobs.server";
import { anyUserExists } from "~/models/user/user.server";
import { seedDemoCatalogue } from "~/seeders/seed.server";
import { JOBS, QUEUES } from "./jobs.server";

/** What start-up did, for the lines the server prints. */
export type StartupFacts = { migrations: number; seededProducts: number | null };

type Database = Connection & { startup: StartupFacts };

declare global {
  // Start-up once per process, kept across dev reloads (as the connection is).
  var __database: Promise<Database> | undefined;
}

/** Connects (starting the embedded PostgreSQL when DATABASE_URL is unset), migrates and seeds. */
export function startDatabase(): Promise<Database> {
  globalThis.__database ??= openDatabase();
  return globalThis.__database;
}

async function openDatabase(): Promise<Database> {
  const { SEED_DEMO, VOLTSTOCK_WORKER } = env();
  const connection = await connectDatabase();
  const { orm, url } = connection;
  // A worker's primary has migrated and seeded before forking it: start-up is quicker without
  // the two workers queueing for the lock below to find nothing to do.
  if (VOLTSTOCK_WORKER) return { ...connection, startup: { migrations: 0, seededProducts: null } };
  const { migrations, seeded } = await oneProcessAtATime(url, async () => ({
    migrations: await orm.migrator.up(),
    seeded: SEED_DEMO && (await seedDemoCatalogue(orm.em.fork())),
  }));
  const seededProducts = seeded
    ? (await orm.em.fork().execute<{ count: number }[]>("select count(*)::int as count from product"))[0]
        .count
    : null;
  return { ...connection, startup: { migrations: migrations.length, seededProducts } };
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

/**
 * The jobs (./jobs.server.ts), run in this process unless JOBS=false: the server starts them.
 * Every process may send work to them (an import).
 */
export async function startBackgroundJobs() {
  const { orm, url } = await startDatabase();
  await startJobs(orm, url, { work: env().JOBS, jobs: JOBS, queues: QUEUES, timeZone: SHOP_TIME_ZONE });
}

export async function stopDatabase() {
  await stopJobs();
  const database = await globalThis.__database;
  globalThis.__database = undefined;
  if (!database) return;
  await closeDatabase();
}

/**
 * The few lines the server prints once it listens: where to go, what start-up did to the data,
 * and, while no account exists, that the first one becomes the administrator.
 */
export async function startupMessage(url: string): Promise<string[]> {
  const { orm, embedded, startup } = await startDatabase();
  const hasUsers = await RequestContext.create(orm.em, () => anyUserExists());
  const lines = [`VoltStock is running at ${url}`];
  lines.push(
    embedded
      ? `Database: the embedded PostgreSQL in ${path.resolve(env().DATA_DIR)}`
      : "Database: the PostgreSQL server in DATABASE_URL",
  );
  if (startup.seededProducts !== null) {
    lines.push(
      `Seeded the demo catalogue: ${startup.seededProducts} products, with categories, customers, campaigns and three months of orders (SEED_DEMO=false leaves it out).`,
    );
  }
  if (!hasUsers) {
    lines.push(
      `No accounts yet: the first account you create becomes the administrator. Create it at ${url}/login?tab=register`,
    );
  }
  lines.push("Press Ctrl+C to stop.");
  return lines;
}
