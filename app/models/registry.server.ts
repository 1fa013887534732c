import type { EntitySchema } from "@mikro-orm/core";
import type { EntityManager } from "@mikro-orm/postgresql";
import type { Job, Queue } from "~/infra/jobs.server";
import type { Operation, OperationId } from "~/models/api-doc/operation";
import type { DemoStep } from "~/models/demo-shop";

/**
 * What an aggregate declares for the server only, in its folder's `aggregate.server.ts` beside
 * the pure `aggregate.ts`: its entities (the ORM's), its scheduled jobs and queues, the /api
 * operations it documents, and the list queries the EXPLAIN test runs on a large table.
 */
export type AggregateServer = {
  /** Every entity of the aggregate (the ORM config lists them all: Vite emits no decorator metadata). */
  entities?: readonly EntitySchema[];
  jobs?: readonly Job[];
  queues?: readonly Queue[];
  /** Its /api operations, as the OpenAPI document describes them and their routes' guards read them. */
  operations?: Readonly<Record<OperationId, Operation>>;
  /** Its part of the demo shop an empty database gets (app/seeders/seed.server.ts runs them in place order). */
  demo?: DemoStep;
  /** Its lists' queries, EXPLAINed on a large table by tests/integration/declared-list-plans.test.ts. */
  listPlans?: ListPlans;
};

export type ListPlans = {
  /** The tables that must never be read whole. */
  tables: readonly string[];
  /** SQL that fills them (many rows, varied as a shop's are). */
  seed: readonly string[];
  /** Each list as its page builds it, by the name the test shows. */
  queries: Readonly<Record<string, (em: EntityManager) => { getFormattedQuery(): string }>>;
};

/** Checks a server declaration's shape and keeps its literal types (its operations' names). */
export function defineAggregateServer<const D extends AggregateServer>(declaration: D): D {
  return declaration;
}

/**
 * Every server declaration by its folder's name, filled in by each `aggregate.server.ts` that
 * documents operations (so that `ApiOperation` names them):
 * `declare module "~/models/registry.server" { interface ServerAggregates { toy: typeof server } }`.
 */
// biome-ignore lint/suspicious/noEmptyInterface: filled in by the aggregates' declarations
export interface ServerAggregates {}

type DeclaredServer = ServerAggregates[keyof ServerAggregates];
/** The operations the aggregates' folders document. */
export type DeclaredOperation = DeclaredServer extends infer D
  ? D extends { operations: infer O }
    ? keyof O & OperationId
    : never
  : never;

/** Found by the build, by folder name (see registry.ts): a new folder needs no edit here. */
const declarations: AggregateServer[] = Object.entries(
  import.meta.glob<AggregateServer>("./*/aggregate.server.ts", { eager: true, import: "server" }),
)
  .sort(([a], [b]) => (a < b ? -1 : 1))
  .map(([, declaration]) => declaration);

/** Every entity, each aggregate's in its declaration. */
export const ENTITIES = declarations.flatMap((aggregate) => aggregate.entities ?? []);
export const JOBS = declarations.flatMap((aggregate) => aggregate.jobs ?? []);
export const QUEUES = declarations.flatMap((aggregate) => aggregate.queues ?? []);
/** The declared operations a caller must be signed in for (all but the public ones). */
export type GuardedDeclaredOperation = DeclaredServer extends infer D
  ? D extends { operations: infer O }
    ? { [K in keyof O]: O[K] extends { access: "public" } ? never : K }[keyof O] & OperationId
    : never
  : never;
export const DECLARED_OPERATIONS = Object.fromEntries(
  declarations.flatMap((aggregate) => Object.entries(aggregate.operations ?? {})),
) as Record<DeclaredOperation, Operation>;
/** The demo shop's steps, in place order. */
export const DEMO_STEPS = declarations
  .flatMap((aggregate) => (aggregate.demo ? [aggregate.demo] : []))
  .sort((a, b) => a.place - b.place);
export const LIST_PLANS = declarations.flatMap((aggregate) =>
  aggregate.listPlans ? [aggregate.listPlans] : [],
);
