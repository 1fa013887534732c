/**
 * `npm run backup [-- FILE | --out FILE]`: writes a backup of the app's database (DATABASE_URL,
 * or the embedded PostgreSQL in DATA_DIR, started for the backup and stopped after it unless the
 * server already runs it; the format is described in app/infra/backup.server.ts), by default to
 * `backups/voltstock-YYYY-MM-DDTHH-MM-SS.backup.gz` (UTC). The server may keep running: the
 * backup reads one consistent snapshot.
 */
import { backupDatabase, defaultBackupFile, openAppDatabase } from "../app/infra/backup.server";

const USAGE = "Usage: npm run backup [-- FILE | --out FILE]";

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

function parseArguments(argv: string[]): string {
  let file: string | undefined;
  for (let i = 0; i < argv.length; i++) {
    const [flag, inline] = argv[i].split(/=(.*)/s, 2);
    let value: string | undefined;
    if (flag === "--out") value = inline ?? argv[++i];
    else if (!argv[i].startsWith("-")) value = argv[i];
    else fail(`Unknown argument: ${argv[i]}\n${USAGE}`);
    if (!value) fail(`--out needs a file name.\n${USAGE}`);
    if (file) fail(`Give one output file, not several.\n${USAGE}`);
    file = value;
  }
  return file ?? defaultBackupFile();
}

async function main() {
  const file = parseArguments(process.argv.slice(2));
  const database = await openAppDatabase({ mustExist: true });
  try {
    const { bytes, header } = await backupDatabase({ url: database.url, file });
    const rows = header.tables.reduce((sum, t) => sum + t.rows, 0);
    console.log(
      `Backed up ${database.description} to ${file} (${formatBytes(bytes)}): ${header.tables.length} tables, ${rows} rows, at migration ${header.migrations.at(-1) ?? "(none)"}.`,
    );
  } finally {
    await database.stop();
  }
}

function formatBytes(bytes: number) {
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

main().catch((error: unknown) => {
  fail(error instanceof Error ? error.message : String(error));
});
