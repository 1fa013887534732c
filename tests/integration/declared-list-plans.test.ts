import { beforeAll, describe, expect, test } from "vitest";
import { LIST_PLANS } from "../../app/models/registry.server";
import { testDatabase } from "../setup/database";

/**
 * Every list an aggregate declares (`listPlans` in its folder's `aggregate.server.ts`) is served by
 * indexes: its tables filled with the rows it declares, each of its queries, as its page builds
 * it, reads them without a sequential scan (the database's own plan, EXPLAIN). A new aggregate's
 * lists are checked here without an edit.
 */
const db = testDatabase();

beforeAll(async () => {
  const em = db.orm.em.fork();
  for (const plans of LIST_PLANS) for (const statement of plans.seed) await em.execute(statement);
  // As autovacuum would: statistics, and the trigram indexes' pending entries merged.
  for (const table of new Set(LIST_PLANS.flatMap((plans) => plans.tables)))
    await em.execute(`vacuum analyze "${table}"`);
}, 120_000);

async function plan(query: { getFormattedQuery(): string }) {
  const rows = await db.orm.em
    .fork()
    .execute<{ "QUERY PLAN": string }[]>(`explain ${query.getFormattedQuery()}`);
  return rows.map((row) => row["QUERY PLAN"]).join("\n");
}

test("some aggregate declares its lists", () => {
  expect(LIST_PLANS.length).toBeGreaterThan(0);
});

for (const plans of LIST_PLANS) {
  const sequential = new RegExp(`Seq Scan on (${plans.tables.join("|")})\\b`);
  describe(`${plans.tables.join(", ")}: no list reads a table whole`, () => {
    for (const [name, query] of Object.entries(plans.queries)) {
      test(name, async () => {
        expect(await plan(query(db.orm.em.fork()))).not.toMatch(sequential);
      });
    }
  });
}
