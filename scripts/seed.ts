/**
 * `npm run seed`: makes sure the demo catalogue is there (in an empty database).
 * `npm run seed -- --products N`: also adds N synthetic products for benchmarks.
 * `--top-up N`: adds synthetic products until there are at least N (used by `npm run bench`).
 */
import { RequestContext } from "@mikro-orm/postgresql";
import { seedSyntheticProducts } from "../app/models/seed.server";
import { startDatabase, stopDatabase } from "../app/utils/db.server";

function option(name: string): number | null {
  const index = process.argv.indexOf(name);
  if (index === -1) return null;
  const value = Number(process.argv[index + 1]);
  if (!Number.isInteger(value) || value < 1 || value > 10_000_000) {
    console.error(
      `${name} takes a whole number from 1 to 10000000, for example: npm run seed -- ${name} 100000`,
    );
    process.exit(1);
  }
  return value;
}

const add = option("--products");
const topUp = option("--top-up");
const { orm } = await startDatabase();
try {
  const em = orm.em.fork();
  const [{ count }] = await em.execute<{ count: number }[]>("select count(*)::int as count from product");
  const wanted = add ?? (topUp ? Math.max(0, topUp - count) : 0);
  if (wanted > 0) {
    const started = Date.now();
    await RequestContext.create(em, () => seedSyntheticProducts(em, wanted));
    console.log(
      `Added ${wanted.toLocaleString("en")} synthetic products in ${((Date.now() - started) / 1000).toFixed(1)} s.`,
    );
  } else {
    console.log(`The catalogue has ${count.toLocaleString("en")} products.`);
  }
} finally {
  await stopDatabase();
}
