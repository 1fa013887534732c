/**
 * Backups of the app's database as pg_dump custom-format files (`-Fc`), and their restore with
 * pg_restore: `npm run backup` and `npm run restore` (scripts/) are thin wrappers of these.
 */
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdir, readdir, rename, rm, stat } from "node:fs/promises";
import path from "node:path";
import pg from "pg";
import {
  embeddedPostgresBinDir,
  embeddedPostgresExists,
  startEmbeddedPostgres,
} from "./embedded-postgres.server";
import { env } from "./env.server";

type Tool = "pg_dump" | "pg_restore";

/** Where the app's database is, as the server finds it; `stop` stops what this call started. */
export type AppDatabase = { url: string; description: string; stop: () => Promise<void> };

/**
 * The app's database: DATABASE_URL, or the embedded PostgreSQL in DATA_DIR, started for the caller
 * unless a running server already has it up (then it is used and left running). With
 * `mustExist`, a DATA_DIR without a cluster is an error rather than a new empty one.
 */
export async function openAppDatabase({ mustExist }: { mustExist: boolean }): Promise<AppDatabase> {
  const { DATABASE_URL, DATA_DIR } = env();
  if (DATABASE_URL) {
    return { url: DATABASE_URL, description: "the PostgreSQL server in DATABASE_URL", stop: async () => {} };
  }
  const dataDir = path.resolve(DATA_DIR);
  if (mustExist && !embeddedPostgresExists(dataDir)) {
    throw new Error(
      `No database to back up: ${dataDir} has no embedded PostgreSQL (set DATA_DIR or DATABASE_URL).`,
    );
  }
  const embedded = await startEmbeddedPostgres(dataDir);
  return { url: embedded.url, description: `the embedded PostgreSQL in ${dataDir}`, stop: embedded.stop };
}

/** Writes a custom-format dump of the database at `url` to `file`; a failed dump leaves no file. */
export async function backupDatabase({ url, file }: { url: string; file: string }) {
  const pgDump = await findTool("pg_dump", await serverMajorVersion(url));
  await mkdir(path.dirname(path.resolve(file)), { recursive: true });
  const partial = `${file}.partial`;
  try {
    await run(pgDump, ["--format=custom", `--file=${partial}`], url);
    await rename(partial, file);
  } finally {
    await rm(partial, { force: true });
  }
  return { file, bytes: (await stat(file)).size };
}

/**
 * Replaces the contents of the database at `url` with the dump in `file`, in one transaction: a
 * failed restore changes nothing. Refused while anything else is connected to that database (the
 * server would keep writing into what is being replaced, and its locks would stall the restore).
 */
export async function restoreDatabase({ url, file }: { url: string; file: string }) {
  if (!(await stat(file).catch(() => null))?.isFile()) throw new Error(`No backup file at ${file}`);
  const [{ version, others }] = await query<{ version: number; others: number }>(
    url,
    `select current_setting('server_version_num')::int / 10000 as version,
            (select count(*)::int from pg_stat_activity
              where datname = current_database() and pid <> pg_backend_pid()) as others`,
  );
  if (others > 0) {
    throw new Error(
      `${others} other connection(s) to database ${databaseName(url)}: stop the VoltStock server before restoring.`,
    );
  }
  const pgRestore = await findTool("pg_restore", version);
  await run(pgRestore, ["--clean", "--if-exists", "--no-owner", "--single-transaction", file], url);
}

/** What a restore would replace, in a line: the database and how much is in it. */
export async function describeDatabase(url: string): Promise<string> {
  const tables = await query<{ name: string }>(
    url,
    "select tablename as name from pg_tables where schemaname = 'public'",
  );
  const names = new Set(tables.map((t) => t.name));
  const counts: string[] = [];
  for (const [table, what] of [
    ["product", "products"],
    ["user", "users"],
  ]) {
    if (!names.has(table)) continue;
    const [{ count }] = await query<{ count: number }>(url, `select count(*)::int as count from "${table}"`);
    counts.push(`${count} ${what}`);
  }
  return `database ${databaseName(url)} on ${new URL(url).host} (${[`${names.size} tables`, ...counts].join(", ")})`;
}

/**
 * Why a backup or a restore of the database at `url` cannot run here (no pg_dump or pg_restore as
 * new as its server), or null when both are found.
 */
export async function missingDumpTools(url: string): Promise<string | null> {
  const version = await serverMajorVersion(url);
  try {
    await findTool("pg_dump", version);
    await findTool("pg_restore", version);
    return null;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

/** `backups/voltstock-2026-01-31T14-05-09.dump` (UTC), relative to the working folder. */
export function defaultBackupFile(now = new Date()): string {
  return path.join("backups", `voltstock-${now.toISOString().slice(0, 19).replaceAll(":", "-")}.dump`);
}

async function serverMajorVersion(url: string): Promise<number> {
  const [{ version }] = await query<{ version: number }>(
    url,
    "select current_setting('server_version_num')::int / 10000 as version",
  );
  return version;
}

async function query<T>(url: string, sql: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(sql)).rows as T[];
  } finally {
    await client.end();
  }
}

function databaseName(url: string) {
  return decodeURIComponent(new URL(url).pathname.slice(1));
}

/**
 * The first `tool` whose major version is at least the server's (pg_dump refuses a newer server):
 * the one beside the embedded PostgreSQL's binaries, then Debian's versioned folders (newest
 * first), then PATH.
 */
async function findTool(tool: Tool, serverVersion: number): Promise<string> {
  const exe = process.platform === "win32" ? `${tool}.exe` : tool;
  const candidates: string[] = [];
  const embedded = embeddedPostgresBinDir();
  const shipped = embedded !== null && existsSync(path.join(embedded, exe));
  if (shipped) candidates.push(path.join(embedded, exe));
  const debian = "/usr/lib/postgresql";
  const versions = await readdir(debian).catch(() => [] as string[]);
  for (const version of versions.filter((v) => /^\d+$/.test(v)).sort((a, b) => Number(b) - Number(a))) {
    if (existsSync(path.join(debian, version, "bin", exe)))
      candidates.push(path.join(debian, version, "bin", exe));
  }
  candidates.push(exe);

  const seen: string[] = [];
  for (const candidate of candidates) {
    const version = await toolVersion(candidate);
    if (version === null) continue;
    if (version >= serverVersion) return candidate;
    seen.push(`${candidate} is ${version}`);
  }
  throw new Error(
    `No ${tool} of PostgreSQL ${serverVersion} or newer (the server's version) was found: ` +
      `${shipped ? "" : "the embedded-postgres package ships none, "}${seen.length ? seen.join(", ") : "none is on PATH"}. ` +
      `Install PostgreSQL ${serverVersion}'s client tools and put their bin folder first on PATH.`,
  );
}

/** The major version `tool --version` reports, or null when it does not run. */
async function toolVersion(tool: string): Promise<number | null> {
  try {
    const { stdout } = await execute(tool, ["--version"], process.env);
    const match = /\(PostgreSQL\)\s+(\d+)/.exec(stdout);
    return match ? Number(match[1]) : null;
  } catch {
    return null;
  }
}

/** Runs pg_dump or pg_restore on the database at `url`; the password goes by environment, not argv. */
async function run(tool: string, args: string[], url: string) {
  const target = new URL(url);
  const password = decodeURIComponent(target.password);
  target.password = "";
  const environment = { ...process.env, ...(password ? { PGPASSWORD: password } : {}) };
  try {
    await execute(tool, [...args, `--dbname=${target.toString()}`], environment);
  } catch (error) {
    throw new Error(`${path.basename(tool)} failed: ${error instanceof Error ? error.message : error}`);
  }
}

function execute(command: string, args: string[], environment: NodeJS.ProcessEnv) {
  return new Promise<{ stdout: string }>((resolve, reject) => {
    const child = spawn(command, args, { env: environment, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk) => {
      stdout += chunk;
    });
    child.stderr.on("data", (chunk) => {
      stderr += chunk;
    });
    child.once("error", reject);
    child.once("close", (code) => {
      if (code === 0) resolve({ stdout });
      else reject(new Error(stderr.trim() || `exit code ${code}`));
    });
  });
}
