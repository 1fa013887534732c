/**
 * A fresh database for one test file, cloned from the migrated template, and a way to run code
 * as inside a request (its own EntityManager fork), the way loaders and actions run.
 */
import { randomBytes } from "node:crypto";
import { MikroORM, RequestContext } from "@mikro-orm/postgresql";
import pg from "pg";
import { afterAll, beforeAll, inject } from "vitest";
import { ormConfig } from "../../mikro-orm.config";

export function testDatabase() {
  const state: { orm?: MikroORM; name?: string } = {};
  const url = (name: string) => {
    const u = new URL(inject("databaseUrl"));
    u.pathname = `/${name}`;
    return u.toString();
  };

  beforeAll(async () => {
    state.name = `test_${randomBytes(6).toString("hex")}`;
    const admin = new pg.Client({ connectionString: inject("databaseUrl") });
    await admin.connect();
    await admin.query(`create database ${state.name} template voltstock_template`);
    await admin.end();
    state.orm = await MikroORM.init(ormConfig(url(state.name)));
  });

  afterAll(async () => {
    await state.orm?.close(true);
    const admin = new pg.Client({ connectionString: inject("databaseUrl") });
    await admin.connect();
    await admin.query(`drop database if exists ${state.name} with (force)`);
    await admin.end();
  });

  return {
    /** The URL of this file's database. */
    get url() {
      if (!state.name) throw new Error("The test database is not ready yet");
      return url(state.name);
    },
    get orm() {
      if (!state.orm) throw new Error("The test database is not ready yet");
      return state.orm;
    },
    /** Runs fn as a request would: with its own EntityManager. */
    inRequest<T>(fn: () => Promise<T>): Promise<T> {
      if (!state.orm) throw new Error("The test database is not ready yet");
      return RequestContext.create(state.orm.em, fn);
    },
    /** Empties the given tables between tests. */
    async truncate(...tables: string[]) {
      await this.orm.em
        .fork()
        .getConnection()
        .execute(`truncate ${tables.map((t) => `"${t}"`).join(", ")} restart identity cascade`);
    },
  };
}
