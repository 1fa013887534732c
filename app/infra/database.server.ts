import { MikroORM } from "@mikro-orm/postgresql";
import { ormConfig } from "../../mikro-orm.config";
import { type EmbeddedDatabase, startEmbeddedPostgres } from "./embedded-postgres.server";
import { env } from "./env.server";

/** The process's connection: the ORM, its URL, and the embedded PostgreSQL when it started one. */
export type Connection = { orm: MikroORM; url: string; embedded?: EmbeddedDatabase };

declare global {
  // One connection per process, kept across dev reloads so that the pool is not exhausted.
  var __connection: Promise<Connection> | undefined;
}

/**
 * Connects (starting the embedded PostgreSQL when DATABASE_URL is unset), once per process.
 * Migrating and seeding are start-up's (app/startup/startup.server.ts).
 */
export function connectDatabase(): Promise<Connection> {
  globalThis.__connection ??= openConnection();
  return globalThis.__connection;
}

async function openConnection(): Promise<Connection> {
  const { DATABASE_URL, DATA_DIR } = env();
  const embedded = DATABASE_URL ? undefined : await startEmbeddedPostgres(DATA_DIR);
  const url = DATABASE_URL ?? (embedded as EmbeddedDatabase).url;
  const orm = await MikroORM.init(ormConfig(url));
  return { orm, url, embedded };
}

/** Whether the database answers within a second (GET /readyz, for a proxy or an orchestrator). */
export async function databaseReady(): Promise<boolean> {
  try {
    const { orm } = await connectDatabase();
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

/** Closes the connection (and stops the embedded PostgreSQL): the next connectDatabase opens anew. */
export async function closeDatabase() {
  const connection = await globalThis.__connection;
  globalThis.__connection = undefined;
  if (!connection) return;
  await connection.orm.close(true);
  await connection.embedded?.stop();
}
