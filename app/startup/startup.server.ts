import path from "node:path";
import { RequestContext } from "@mikro-orm/postgresql";
import { startDatabase } from "~/infra/db.server";
import { env } from "~/infra/env.server";
import { anyUserExists } from "~/models/user/user.server";

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
