/**
 * One embedded PostgreSQL for the whole unit/integration run, with a template database that has
 * every migration applied; each test file clones it (CREATE DATABASE ... TEMPLATE), which is fast.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { MikroORM } from "@mikro-orm/postgresql";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { startEmbeddedPostgres } from "../../app/infra/embedded-postgres.server";
import { ormConfig } from "../../mikro-orm.config";

declare module "vitest" {
  export interface ProvidedContext {
    databaseUrl: string;
  }
}

export const TEMPLATE = "voltstock_template";

export default async function setup(project: TestProject) {
  const dir = await mkdtemp(path.join(tmpdir(), "voltstock-test-"));
  const database = process.env.DATABASE_URL
    ? { url: process.env.DATABASE_URL, stop: async () => {} }
    : await startEmbeddedPostgres(dir);
  const admin = new pg.Client({ connectionString: database.url });
  await admin.connect();
  await admin.query(`drop database if exists ${TEMPLATE}`);
  await admin.query(`create database ${TEMPLATE}`);
  await admin.end();

  const templateUrl = new URL(database.url);
  templateUrl.pathname = `/${TEMPLATE}`;
  const orm = await MikroORM.init({ ...ormConfig(templateUrl.toString()), debug: false });
  await orm.migrator.up();
  await orm.close(true);

  project.provide("databaseUrl", database.url);
  return async () => {
    await database.stop();
    await rm(dir, { recursive: true, force: true });
  };
}
