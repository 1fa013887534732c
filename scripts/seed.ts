/**
 * `npm run seed`: starts the database as the server does (embedded PostgreSQL when DATABASE_URL is
 * unset, migrations) and makes sure the demo catalogue is there (only into an empty database, and
 * not with SEED_DEMO=false).
 * `npm run seed -- --products N`: also adds N synthetic products for benchmarks.
 * `npm run seed -- --top-up N`: adds synthetic products until there are at least N (`npm run bench`).
 */

import { env, reloadEnv } from "../app/infra/env.server";
import { seedDemoCatalogue, seedSyntheticProducts } from "../app/seeders/seed.server";
import { startDatabase, stopDatabase } from "../app/startup/startup.server";

const USAGE = "Usage: npm run seed [-- --products N | --top-up N]   (N a whole number from 1 to 10000000)";
const MAX_PRODUCTS = 10_000_000;

function fail(message: string): never {
  console.error(`${message}\n${USAGE}`);
  process.exit(1);
}

/** Reads `--name N` or `--name=N`; N must be a whole number from 1 to MAX_PRODUCTS. */
function parseArguments(argv: string[]): { products: number | null; topUp: number | null } {
  const found: Record<string, number> = {};
  for (let i = 0; i < argv.length; i++) {
    const [flag, inline] = argv[i].split("=", 2);
    if (flag !== "--products" && flag !== "--top-up") fail(`Unknown argument: ${argv[i]}`);
    const text = inline ?? argv[++i];
    if (text === undefined) fail(`${flag} needs a number, for example: npm run seed -- ${flag} 100000`);
    const value = /^\d+$/.test(text) ? Number(text) : Number.NaN;
    if (!Number.isSafeInteger(value) || value < 1 || value > MAX_PRODUCTS) {
      fail(`${flag} must be a whole number from 1 to ${MAX_PRODUCTS}, not "${text}".`);
    }
    found[flag] = value;
  }
  if (found["--products"] && found["--top-up"]) fail("Give --products or --top-up, not both.");
  return { products: found["--products"] ?? null, topUp: found["--top-up"] ?? null };
}

async function productCount(): Promise<number> {
  const { orm } = await startDatabase();
  const [{ count }] = await orm.em
    .fork()
    .execute<{ count: number }[]>("select count(*)::int as count from product");
  return count;
}

async function main() {
  const { products, topUp } = parseArguments(process.argv.slice(2));
  const seedDemo = env().SEED_DEMO;
  // The script seeds the demo itself rather than at start-up, so that it can say whether it did.
  process.env.SEED_DEMO = "false";
  reloadEnv();
  const { orm } = await startDatabase();
  try {
    if (!seedDemo) console.log("SEED_DEMO=false: the demo catalogue is left out.");
    else if (await seedDemoCatalogue(orm.em.fork())) console.log("Seeded the demo catalogue.");
    else console.log("The database already has a catalogue: the demo was not seeded.");

    const wanted = products ?? (topUp === null ? 0 : Math.max(0, topUp - (await productCount())));
    if (wanted > 0) {
      const started = performance.now();
      const added = await seedSyntheticProducts(orm.em.fork(), wanted);
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      console.log(`Added ${added.toLocaleString("en")} synthetic products in ${seconds} s.`);
    }
    console.log(`The catalogue has ${(await productCount()).toLocaleString("en")} products.`);
  } finally {
    await stopDatabase();
  }
}

main().catch(async (error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  await stopDatabase().catch(() => {});
  process.exit(1);
});
