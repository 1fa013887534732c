/**
 * `npm run restore -- FILE --yes`: replaces the app's database (DATABASE_URL, or the embedded
 * PostgreSQL in DATA_DIR) with a backup made by `npm run backup`: the file is checked whole
 * first, the public schema is rebuilt by the app's migrations, and the rows are loaded in one
 * transaction. Stop the server first: the restore refuses while anything else is connected to the
 * database. Without `--yes` it only says what it would replace (it never waits for an answer, so
 * it cannot hang in a script). `--yes` must follow `--`, or npm takes it for itself.
 */
import { existsSync } from "node:fs";
import {
  type BackupHeader,
  describeDatabase,
  openAppDatabase,
  readBackupHeader,
  restoreDatabase,
} from "../app/infra/backup.server";

const USAGE = "Usage: npm run restore -- FILE --yes   (stop the VoltStock server first)";

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

function parseArguments(argv: string[]): { file: string; yes: boolean } {
  const files = argv.filter((a) => !a.startsWith("-"));
  const unknown = argv.filter((a) => a.startsWith("-") && a !== "--yes");
  if (unknown.length > 0) fail(`Unknown argument: ${unknown[0]}. ${USAGE}`);
  if (files.length !== 1) fail(`Give one backup file to restore. ${USAGE}`);
  return { file: files[0], yes: argv.includes("--yes") };
}

function describeBackup(file: string, header: BackupHeader) {
  const rows = header.tables.reduce((sum, t) => sum + t.rows, 0);
  return `${file} (made ${header.createdAt}: ${header.tables.length} tables, ${rows} rows, at migration ${header.migrations.at(-1)})`;
}

async function main() {
  const { file, yes } = parseArguments(process.argv.slice(2));
  if (!existsSync(file)) fail(`No backup file at ${file}`);
  // A file that is not a backup, or needs a newer VoltStock, is refused before the database is opened.
  const header = await readBackupHeader(file);
  const database = await openAppDatabase({ mustExist: false });
  try {
    const contents = await describeDatabase(database.url);
    if (!yes) {
      // Thrown rather than exited, so that an embedded PostgreSQL started here is stopped.
      throw new Error(
        `This replaces everything in ${database.description}, ${contents}, with ${describeBackup(file, header)}. Stop the VoltStock server, then run: npm run restore -- ${file} --yes`,
      );
    }
    await restoreDatabase({ url: database.url, file });
    console.log(
      `Restored ${describeBackup(file, header)} into ${database.description}, which had ${contents.replace(/^.*\((.*)\)$/, "$1")}.`,
    );
  } finally {
    await database.stop();
  }
}

main().catch((error: unknown) => {
  fail(error instanceof Error ? error.message : String(error));
});
