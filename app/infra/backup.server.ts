/**
 * Backups of the app's database, and their restore: `npm run backup` and `npm run restore`
 * (scripts/) are thin wrappers of these. Nothing but Node and the `pg` driver (with
 * `pg-copy-streams` for COPY) is needed, so they work with any PostgreSQL version, the embedded
 * one included, without PostgreSQL's client tools.
 *
 * The format (version 1): a gzip stream of a UTF-8 text file.
 *
 *   line 1: JSON, { "format": "voltstock-backup", "version": 1, "createdAt": ISO time,
 *           "migrations": [names of the applied migrations, from mikro_orm_migrations, in order],
 *           "tables": [{ "name", "columns": [...], "rows": n }, ...] }
 *   then, for each table of "tables" in that order:
 *           \table <name>
 *           <the output of COPY <name> (<columns>) TO STDOUT, text format: one line a row>
 *           \.
 *
 * A COPY text row never holds a raw newline (it is written \n) nor a line that is only `\.` (a
 * backslash is written \\), so the lines can be read back unambiguously. Every ordinary table of
 * the public schema is there except mikro_orm_migrations (whose names are in the header),
 * generated columns left out (COPY cannot write them). Tables come in foreign-key order (a table
 * after the tables it references), so that a restore loads them in file order. The pg-boss job
 * queue (its own schema) is not part of a backup.
 *
 * A restore does not replay the source's schema: it checks the whole file, rebuilds the public
 * schema with the app's own migrations up to the backup's last one, and then loads the rows and
 * puts the sequences after them, in one transaction.
 */
import { createReadStream, createWriteStream } from "node:fs";
import { mkdir, rename, rm, stat } from "node:fs/promises";
import path from "node:path";
import { pipeline } from "node:stream";
import { pipeline as pipelineAsync } from "node:stream/promises";
import { createGunzip, createGzip } from "node:zlib";
import { MikroORM } from "@mikro-orm/postgresql";
import pg from "pg";
import { from as copyFrom, to as copyTo } from "pg-copy-streams";
import { z } from "zod/v4";
import { migrationsList } from "~/migrations";
import { ormConfig } from "../../mikro-orm.config";
import { embeddedPostgresExists, startEmbeddedPostgres } from "./embedded-postgres.server";
import { env } from "./env.server";

export const BACKUP_FORMAT = "voltstock-backup";
export const BACKUP_VERSION = 1;

const headerSchema = z.object({
  format: z.literal(BACKUP_FORMAT),
  version: z.number().int(),
  createdAt: z.string(),
  migrations: z.array(z.string()),
  tables: z.array(
    z.object({
      name: z.string().min(1),
      columns: z.array(z.string().min(1)).min(1),
      rows: z.number().int().min(0),
    }),
  ),
});

export type BackupHeader = z.infer<typeof headerSchema>;

/** The header line may be long (many tables), but a first line longer than this is no header. */
const MAX_HEADER_BYTES = 1024 * 1024;
/** The longest row the restore accepts (a guard against a file that is one endless line). */
const MAX_ROW_BYTES = 512 * 1024 * 1024;
/** How much COPY data the restore gathers before writing it to the server. */
const WRITE_BATCH_BYTES = 256 * 1024;
const MIGRATIONS_TABLE = "mikro_orm_migrations";

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

/**
 * Writes a backup of the database at `url` to `file` (through `file.partial`: a failed backup
 * leaves no file), from one snapshot, so the server may keep running. Returns what it wrote.
 */
export async function backupDatabase({ url, file }: { url: string; file: string }) {
  await mkdir(path.dirname(path.resolve(file)), { recursive: true });
  const partial = `${file}.partial`;
  const client = await connect(url);
  try {
    await client.query("begin isolation level repeatable read read only");
    const migrations = (
      await client.query<{ exists: boolean }>(
        `select to_regclass('public.${MIGRATIONS_TABLE}') is not null as exists`,
      )
    ).rows[0].exists
      ? (
          await client.query<{ name: string }>(`select name from public.${MIGRATIONS_TABLE} order by id`)
        ).rows.map((r) => r.name)
      : [];
    const tables: BackupHeader["tables"] = [];
    for (const { name, columns } of await publicTables(client)) {
      const { rows } = await client.query<{ count: string }>(`select count(*) as count from ${table(name)}`);
      tables.push({ name, columns, rows: Number(rows[0].count) });
    }
    const header: BackupHeader = {
      format: BACKUP_FORMAT,
      version: BACKUP_VERSION,
      createdAt: new Date().toISOString(),
      migrations,
      tables,
    };
    await pipelineAsync(
      async function* () {
        yield `${JSON.stringify(header)}\n`;
        for (const { name, columns, rows } of tables) {
          yield `\\table ${name}\n`;
          const copy = client.query(copyTo(`copy ${table(name)} (${columnList(columns)}) to stdout`));
          for await (const chunk of copy) yield chunk as Buffer;
          if (copy.rowCount !== rows) {
            throw new Error(
              `${name} gave ${copy.rowCount} rows, not the ${rows} it counted in the same snapshot`,
            );
          }
          yield "\\.\n";
        }
      },
      createGzip(),
      createWriteStream(partial),
    );
    await client.query("commit");
    await rename(partial, file);
    return { file, bytes: (await stat(file)).size, header };
  } finally {
    await client.end().catch(() => {});
    await rm(partial, { force: true });
  }
}

/**
 * Replaces the contents of the database at `url` with the backup in `file`. The whole file is
 * read and checked first (a file that is not a backup, is damaged, or needs a migration this code
 * does not have changes nothing). Refused while anything else is connected to that database (the
 * server would keep writing into what is being replaced). Then the public schema is dropped and
 * built again by the app's migrations up to the backup's last one, and every table is loaded and
 * every sequence set in one transaction.
 */
export async function restoreDatabase({ url, file }: { url: string; file: string }) {
  if (!(await stat(file).catch(() => null))?.isFile()) throw new Error(`No backup file at ${file}`);
  const header = await readBackupHeader(file);
  await checkBackupFile(file, header);

  const others = await otherConnections(url);
  if (others > 0) {
    throw new Error(
      `${others} other connection(s) to database ${databaseName(url)}: stop the VoltStock server before restoring.`,
    );
  }

  await rebuildSchema(url, header.migrations);
  await loadTables(url, file, header);
  return { header };
}

/**
 * The header of the backup in `file`, checked: a VoltStock backup of a version this code reads,
 * whose migrations are the first ones of this code's list. Throws a sentence saying why not.
 */
export async function readBackupHeader(file: string): Promise<BackupHeader> {
  const notBackup = `${file} is not a VoltStock backup (made by npm run backup)`;
  let first: Buffer | undefined;
  try {
    for await (const line of lines(file, MAX_HEADER_BYTES)) {
      first = line;
      break;
    }
  } catch {
    throw new Error(`${notBackup}: it is not a gzip file, or is damaged.`);
  }
  let json: unknown;
  try {
    json = JSON.parse(first?.toString("utf8") ?? "");
  } catch {
    throw new Error(`${notBackup}: its first line is not a backup header.`);
  }
  const parsed = headerSchema.safeParse(json);
  if (!parsed.success) throw new Error(`${notBackup}: its first line is not a backup header.`);
  const header = parsed.data;
  if (header.version !== BACKUP_VERSION) {
    throw new Error(
      `${file} is a version ${header.version} backup; this VoltStock reads version ${BACKUP_VERSION}. Restore it with the VoltStock that made it.`,
    );
  }
  const known = migrationsList.map((m) => m.name);
  const unknown = header.migrations.filter((name) => !known.includes(name));
  if (unknown.length > 0) {
    throw new Error(
      `${file} was made by a newer VoltStock: its database has migration(s) ${unknown.join(", ")}, which this code does not know. Update VoltStock, then restore.`,
    );
  }
  if (header.migrations.length === 0) {
    throw new Error(`${file} lists no migrations: it is not a backup of a VoltStock database.`);
  }
  if (header.migrations.some((name, i) => known[i] !== name)) {
    throw new Error(
      `${file} lists migrations that are not the first ones of this code's, in order (${header.migrations.join(", ")}): it cannot be rebuilt by this VoltStock.`,
    );
  }
  return header;
}

/** Reads the whole backup once: every table in the header's order, with its number of rows, and nothing after. */
async function checkBackupFile(file: string, header: BackupHeader) {
  const damaged = (why: string) => new Error(`${file} is damaged: ${why}. Nothing was restored.`);
  const tables = header.tables.values();
  let current: { name: string; rows: number } | null = null;
  let rows = 0;
  let next: IteratorResult<BackupHeader["tables"][number]> = tables.next();
  let first = true;
  try {
    for await (const line of lines(file, MAX_ROW_BYTES)) {
      if (first) {
        first = false;
        continue;
      }
      if (current) {
        if (isEndOfData(line)) {
          if (rows !== current.rows) throw damaged(`${current.name} has ${rows} rows, not ${current.rows}`);
          current = null;
        } else rows++;
        continue;
      }
      if (next.done) throw damaged("it goes on after its last table");
      if (line.toString("utf8") !== `\\table ${next.value.name}`)
        throw damaged(`${next.value.name} is missing`);
      current = next.value;
      rows = 0;
      next = tables.next();
    }
  } catch (error) {
    if (error instanceof Error && error.message.startsWith(file)) throw error;
    throw damaged(`it cannot be read (${error instanceof Error ? error.message : error})`);
  }
  if (current) throw damaged(`it ends in the middle of ${current.name}`);
  if (!next.done) throw damaged(`it ends before ${next.value.name}`);
}

/** Drops the public schema and builds it again with this code's migrations up to `migrations`' last. */
async function rebuildSchema(url: string, migrations: string[]) {
  const client = await connect(url);
  try {
    await client.query("drop schema public cascade; create schema public");
  } finally {
    await client.end();
  }
  const base = ormConfig(url);
  // No snapshot: migrating to an older migration must not rewrite app/migrations/.snapshot.json.
  const orm = await MikroORM.init({
    ...base,
    debug: false,
    migrations: { ...base.migrations, snapshot: false },
  });
  try {
    await orm.migrator.up({ to: migrations[migrations.length - 1] });
  } finally {
    await orm.close(true);
  }
}

/**
 * In one transaction: empties every table (what the migrations seeded), loads each table of the
 * backup with COPY FROM in file order (checked against the foreign keys), and puts every sequence
 * owned by a column after that column's largest value. User triggers are off meanwhile (they would
 * count the loaded products into the summary tables, whose rows are in the backup too); foreign
 * keys stay checked. Needs only the ownership of the tables, which the migrations just gave.
 */
async function loadTables(url: string, file: string, header: BackupHeader) {
  const client = await connect(url);
  try {
    await client.query("begin");
    const existing = new Map((await publicTables(client)).map((t) => [t.name, t.columns]));
    for (const t of header.tables) {
      const columns = existing.get(t.name);
      if (!columns) throw new Error(`The backup has table ${t.name}, which the migrations did not create.`);
      const missing = t.columns.filter((c) => !columns.includes(c));
      if (missing.length > 0)
        throw new Error(`The backup has column(s) ${missing.join(", ")} that ${t.name} lacks.`);
    }
    const references = await foreignKeys(client);
    const order = header.tables.map((t) => t.name);
    for (const [from, targets] of references) {
      for (const to of targets) {
        if (to !== from && order.includes(from) && order.indexOf(to) > order.indexOf(from)) {
          throw new Error(
            `The backup has ${from} before ${to}, which it references: it cannot be loaded in order.`,
          );
        }
      }
    }

    const all = [...existing.keys()];
    if (all.length > 0) {
      for (const name of all) await client.query(`alter table ${table(name)} disable trigger user`);
      await client.query(`truncate ${all.map(table).join(", ")} restart identity cascade`);
    }

    const tables = header.tables.values();
    let copy: {
      stream: ReturnType<typeof copyFrom>;
      done: Promise<void>;
      batch: Buffer[];
      bytes: number;
    } | null = null;
    let first = true;
    const flush = async () => {
      if (!copy || copy.batch.length === 0) return;
      const chunk = Buffer.concat(copy.batch);
      copy.batch = [];
      copy.bytes = 0;
      if (!copy.stream.write(chunk)) await drained(copy.stream);
    };
    for await (const line of lines(file, MAX_ROW_BYTES)) {
      if (first) {
        first = false;
        continue;
      }
      if (copy) {
        if (isEndOfData(line)) {
          await flush();
          copy.stream.end();
          await copy.done;
          copy = null;
        } else {
          copy.batch.push(line, NEWLINE);
          copy.bytes += line.length + 1;
          if (copy.bytes >= WRITE_BATCH_BYTES) await flush();
        }
        continue;
      }
      const next = tables.next();
      if (next.done) throw new Error("The backup changed while it was restored.");
      const { name, columns } = next.value;
      const stream = client.query(copyFrom(`copy ${table(name)} (${columnList(columns)}) from stdin`));
      const done = new Promise<void>((resolve, reject) => {
        stream.once("finish", resolve);
        stream.once("error", reject);
      });
      // A failed COPY is reported by `done`; the rejection is never left unhandled meanwhile.
      done.catch(() => {});
      copy = { stream, done, batch: [], bytes: 0 };
    }
    if (copy) throw new Error("The backup changed while it was restored.");

    for (const s of await ownedSequences(client)) {
      await client.query(
        `select setval($1::regclass, coalesce(max(${client.escapeIdentifier(s.column)}), 1), max(${client.escapeIdentifier(s.column)}) is not null) from ${table(s.table)}`,
        [`public.${client.escapeIdentifier(s.sequence)}`],
      );
    }
    for (const name of all) await client.query(`alter table ${table(name)} enable trigger user`);
    await client.query("commit");
  } catch (error) {
    await client.query("rollback").catch(() => {});
    throw error;
  } finally {
    await client.end().catch(() => {});
  }
}

/** What a restore would replace, in a line: the database and how much is in it. */
export async function describeDatabase(url: string): Promise<string> {
  const client = await connect(url);
  try {
    const tables = await client.query<{ name: string }>(
      "select tablename as name from pg_tables where schemaname = 'public'",
    );
    const names = new Set(tables.rows.map((t) => t.name));
    const counts: string[] = [];
    for (const [name, what] of [
      ["product", "products"],
      ["user", "users"],
    ]) {
      if (!names.has(name)) continue;
      const { rows } = await client.query<{ count: number }>(
        `select count(*)::int as count from ${table(name)}`,
      );
      counts.push(`${rows[0].count} ${what}`);
    }
    return `database ${databaseName(url)} on ${new URL(url).host} (${[`${names.size} tables`, ...counts].join(", ")})`;
  } finally {
    await client.end();
  }
}

/** `backups/voltstock-2026-01-31T14-05-09.backup.gz` (UTC), relative to the working folder. */
export function defaultBackupFile(now = new Date()): string {
  return path.join("backups", `voltstock-${now.toISOString().slice(0, 19).replaceAll(":", "-")}.backup.gz`);
}

const NEWLINE = Buffer.from("\n");
const END_OF_DATA = Buffer.from("\\.");

function isEndOfData(line: Buffer) {
  return line.equals(END_OF_DATA);
}

async function connect(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  // The file is UTF-8 whatever the server's default client encoding.
  await client.query("set client_encoding to 'UTF8'");
  return client;
}

function table(name: string) {
  return `public.${pg.escapeIdentifier(name)}`;
}

function columnList(columns: string[]) {
  return columns.map((c) => pg.escapeIdentifier(c)).join(", ");
}

/**
 * The ordinary tables of the public schema but mikro_orm_migrations, with their columns (not the
 * generated ones), a table after the ones it references (by name where there is no order).
 */
async function publicTables(client: pg.Client): Promise<{ name: string; columns: string[] }[]> {
  const { rows } = await client.query<{ name: string; columns: string[] }>(
    `select c.relname as name,
            array_agg(a.attname::text order by a.attnum) as columns
       from pg_class c
       join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
      where c.relnamespace = 'public'::regnamespace and c.relkind = 'r' and c.relname <> $1
      group by c.relname`,
    [MIGRATIONS_TABLE],
  );
  const byName = new Map(rows.map((r) => [r.name, r]));
  const references = await foreignKeys(client);
  const ordered: { name: string; columns: string[] }[] = [];
  const state = new Map<string, "visiting" | "done">();
  const visit = (name: string, path: string[]) => {
    if (state.get(name) === "done") return;
    if (state.get(name) === "visiting") {
      throw new Error(
        `Tables reference each other in a cycle (${[...path, name].join(" -> ")}): no order loads them.`,
      );
    }
    state.set(name, "visiting");
    for (const to of [...(references.get(name) ?? [])].sort()) {
      if (to !== name && byName.has(to)) visit(to, [...path, name]);
    }
    state.set(name, "done");
    const entry = byName.get(name);
    if (entry) ordered.push(entry);
  };
  for (const name of [...byName.keys()].sort()) visit(name, []);
  return ordered;
}

/** Each public table's foreign keys: the public tables it references. */
async function foreignKeys(client: pg.Client): Promise<Map<string, Set<string>>> {
  const { rows } = await client.query<{ source: string; target: string }>(
    `select s.relname as source, t.relname as target
       from pg_constraint k
       join pg_class s on s.oid = k.conrelid
       join pg_class t on t.oid = k.confrelid
      where k.contype = 'f' and s.relnamespace = 'public'::regnamespace and t.relnamespace = 'public'::regnamespace`,
  );
  const references = new Map<string, Set<string>>();
  for (const { source, target } of rows) {
    if (!references.has(source)) references.set(source, new Set());
    references.get(source)?.add(target);
  }
  return references;
}

/** Every sequence of the public schema owned by a column (serial or identity), with that column. */
async function ownedSequences(client: pg.Client) {
  const { rows } = await client.query<{ sequence: string; table: string; column: string }>(
    `select s.relname as sequence, t.relname as table, a.attname as column
       from pg_depend d
       join pg_class s on s.oid = d.objid and s.relkind = 'S'
       join pg_class t on t.oid = d.refobjid
       join pg_attribute a on a.attrelid = t.oid and a.attnum = d.refobjsubid
      where d.classid = 'pg_class'::regclass and d.refclassid = 'pg_class'::regclass
        and d.deptype in ('a', 'i') and t.relnamespace = 'public'::regnamespace
      order by s.relname`,
  );
  return rows;
}

async function otherConnections(url: string): Promise<number> {
  const client = await connect(url);
  try {
    const { rows } = await client.query<{ others: number }>(
      `select count(*)::int as others from pg_stat_activity
        where datname = current_database() and pid <> pg_backend_pid()`,
    );
    return rows[0].others;
  } finally {
    await client.end();
  }
}

function databaseName(url: string) {
  return decodeURIComponent(new URL(url).pathname.slice(1));
}

/** Waits for a stream's drain, or rejects when it fails first. */
function drained(stream: NodeJS.WritableStream) {
  return new Promise<void>((resolve, reject) => {
    const onDrain = () => {
      stream.off("error", onError);
      resolve();
    };
    const onError = (error: Error) => {
      stream.off("drain", onDrain);
      reject(error);
    };
    stream.once("drain", onDrain);
    stream.once("error", onError);
  });
}

/**
 * The lines of the gzip file `file` (without their newline), as slices of the decompressed
 * chunks: a table is never held in memory. A line longer than `maxBytes` is an error.
 */
async function* lines(file: string, maxBytes: number): AsyncGenerator<Buffer> {
  const gunzip = pipeline(createReadStream(file), createGunzip(), () => {});
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  for await (const chunk of gunzip as AsyncIterable<Buffer>) {
    let start = 0;
    for (let end = chunk.indexOf(10); end !== -1; end = chunk.indexOf(10, start)) {
      if (pending.length > 0) {
        pending.push(chunk.subarray(start, end));
        yield Buffer.concat(pending);
        pending = [];
        pendingBytes = 0;
      } else yield chunk.subarray(start, end);
      start = end + 1;
    }
    if (start < chunk.length) {
      pending.push(chunk.subarray(start));
      pendingBytes += chunk.length - start;
      if (pendingBytes > maxBytes) throw new Error(`a line longer than ${maxBytes} bytes`);
    }
  }
  if (pendingBytes > 0) yield Buffer.concat(pending);
}
