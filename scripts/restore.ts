/**
 * `npm run restore -- FILE --yes`: replaces the app's database (DATABASE_URL, or the embedded
 * PostgreSQL in DATA_DIR) with a backup made by `npm run backup`, in one transaction. Stop the
 * server first: the restore refuses while anything else is connected to the database. Without
 * `--yes` it only says what it would replace (it never waits for an answer, so it cannot hang in
 * a script). `--yes` must follow `--`, or npm takes it for itself.
 */
import { existsSync } from "node:fs";
import { describeDatabase, openAppDatabase, restoreDatabase } from "../app/utils/backup.server";

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

async function main() {
  const { file, yes } = parseArguments(process.argv.slice(2));
  if (!existsSync(file)) fail(`No backup file at ${file}`);
  const database = await openAppDatabase({ mustExist: false });
  try {
    const contents = await describeDatabase(database.url);
    if (!yes) {
      // Thrown rather than exited, so that an embedded PostgreSQL started here is stopped.
      throw new Error(
        `This replaces everything in ${database.description}, ${contents}, with ${file}. Stop the VoltStock server, then run: npm run restore -- ${file} --yes`,
      );
    }
    await restoreDatabase({ url: database.url, file });
    console.log(`Restored ${file} into ${database.description}.`);
  } finally {
    await database.stop();
  }
}

main().catch((error: unknown) => {
  fail(error instanceof Error ? error.message : String(error));
});
