import { expect, test } from "vitest";
import { testDatabase } from "../setup/database";

/**
 * The entities are the schema (issue #10): the committed migrations build exactly what the entities
 * declare, indexes included, so `npm run migration:create` has nothing to write. Fails when a
 * hand-written migration and the entities part ways, before a generated migration could silently
 * drop an index.
 */
const db = testDatabase();

test("the migrated database is what the entities declare", async () => {
  expect(await db.orm.schema.getUpdateSchemaSQL({ wrap: false })).toBe("");
});

test("npm run migration:create would create nothing", async () => {
  expect(await db.orm.migrator.checkMigrationNeeded()).toBe(false);
});
