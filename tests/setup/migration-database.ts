/**
 * An empty database of its own for a test file about one migration: migrated up to the migration
 * before it, given rows as the older schema held them, then migrated to the end (and back down,
 * when the test asks), as a shop's database meets a new version.
 */
import { randomBytes } from "node:crypto";
import { MikroORM } from "@mikro-orm/postgresql";
import pg from "pg";
import { afterAll, beforeAll, inject } from "vitest";
import { migrationsList } from "~/migrations";
import { ormConfig } from "../../mikro-orm.config";

async function admin(query: string) {
  const client = new pg.Client({ connectionString: inject("databaseUrl") });
  await client.connect();
  await client.query(query);
  await client.end();
}

export function migrationDatabase(migration: (typeof migrationsList)[number]["class"]) {
  const name = `test_migration_${randomBytes(6).toString("hex")}`;
  const state: { orm?: MikroORM } = {};
  const index = migrationsList.findIndex((m) => m.class === migration);
  if (index < 1) throw new Error("The migration is not in the list, or has none before it");
  const before = migrationsList[index - 1].name;

  beforeAll(async () => {
    await admin(`create database ${name}`);
    const url = new URL(inject("databaseUrl"));
    url.pathname = `/${name}`;
    state.orm = await MikroORM.init({ ...ormConfig(url.toString()), debug: false });
  });

  afterAll(async () => {
    await state.orm?.close(true);
    await admin(`drop database if exists ${name} with (force)`);
  });

  const orm = () => {
    if (!state.orm) throw new Error("The test database is not ready yet");
    return state.orm;
  };
  return {
    /** An EntityManager of its own, for the test's SQL. */
    em: () => orm().em.fork(),
    /** Migrates up to the migration before the one tested. */
    upToBefore: () => orm().migrator.up({ to: before }),
    /** Migrates to the end, through the one tested. */
    upToEnd: () => orm().migrator.up(),
    /** Migrates back down to the migration before the one tested. */
    downToBefore: () => orm().migrator.down({ to: before }),
  };
}
