import {
  type EntityManager,
  type EntityName,
  type FilterQuery,
  type Loaded,
  LockMode,
  QueryOrder,
  type QueryOrderMap,
} from "@mikro-orm/postgresql";
import { em } from "~/infra/db.server";

/**
 * How every write path takes a record for a change (docs/data-layer.md, "One write path per
 * aggregate"): its row locked in the caller's transaction, then refused as stale when the caller
 * named a version the record no longer has. The flush that follows raises the version (the
 * entity's `p.integer().version()`).
 *
 * "No version named" means one thing everywhere: `undefined`, `null` or `0`, and the change is
 * not checked (of two changes naming none, the later one wins). Versions start at 1 and no schema
 * lets a 0 through.
 */

/** A record with a numeric id and the ORM's version column. */
type Versioned = { id: number; version: number };

/**
 * A record's id as the ORM's filters take it. For a named entity this is just `number`; inside
 * the generic functions below it lets the id be a filter of an entity not yet known.
 */
type Id<T> = number & FilterQuery<T>;

/** The version a caller read with the record; nothing, null or 0: none named. */
export type ExpectedVersion = number | null | undefined;

/** Whether a change naming `expected` comes too late for a record now at `current`. */
export function isStale(expected: ExpectedVersion, current: number): boolean {
  return !!expected && expected !== current;
}

export type LockRefusal = "notFound" | "stale";

export type Locked<T> = { ok: true; entity: Loaded<T> } | { ok: false; reason: LockRefusal };

/**
 * The record `id` of `entity` locked for a change in the caller's transaction: `notFound`,
 * `stale` when `expectedVersion` names another version than the record's, else the managed
 * entity. The lock is `for update`; `shared` takes it `for share`, for changes of a record's parts
 * that may run side by side but not beside a change of the record itself (a stock count's scans,
 * and its commit).
 */
export async function lockForChange<T extends Versioned>(
  tx: EntityManager,
  entity: EntityName<T>,
  id: Id<T>,
  expectedVersion?: ExpectedVersion,
  options: { shared?: boolean } = {},
): Promise<Locked<T>> {
  const where: FilterQuery<T> = id;
  const found = await tx.findOne(entity, where, {
    lockMode: options.shared ? LockMode.PESSIMISTIC_READ : LockMode.PESSIMISTIC_WRITE,
  });
  if (!found) return { ok: false, reason: "notFound" };
  if (isStale(expectedVersion, found.version)) return { ok: false, reason: "stale" };
  return { ok: true, entity: found };
}

/**
 * Many records locked for a batch of changes, in id order (every writer locks a table's rows in
 * that order, so two batches never deadlock), then checked change by change in the batch's order:
 * the first change whose record is missing, stale, or refused by `check` is the refusal, with its
 * index. `refresh` reads rows the unit of work already holds again.
 */
export async function lockEachForChange<T extends Versioned, R extends string = never>(
  tx: EntityManager,
  entity: EntityName<T>,
  changes: readonly { id: Id<T>; version?: ExpectedVersion }[],
  options: { refresh?: boolean; check?: (record: Loaded<T>, index: number) => R | null } = {},
): Promise<
  { ok: true; byId: Map<number, Loaded<T>> } | { ok: false; index: number; reason: LockRefusal | R }
> {
  const ids = [...new Set(changes.map((change) => change.id))].sort((a, b) => a - b);
  const where: FilterQuery<T> = ids;
  const found = ids.length
    ? await tx.find(entity, where, {
        // The one assertion here: the ORM cannot type an order of an entity not yet named.
        orderBy: { id: QueryOrder.ASC } as QueryOrderMap<T>,
        lockMode: LockMode.PESSIMISTIC_WRITE,
        refresh: options.refresh,
      })
    : [];
  const byId = new Map(found.map((record) => [record.id, record]));
  for (const [index, change] of changes.entries()) {
    const record = byId.get(change.id);
    if (!record) return { ok: false, index, reason: "notFound" };
    if (isStale(change.version, record.version)) return { ok: false, index, reason: "stale" };
    const refused = options.check?.(record, index);
    if (refused) return { ok: false, index, reason: refused };
  }
  return { ok: true, byId };
}

/**
 * Deletes one record by id through the unit of work, so that the audit trail records it (a delete
 * by query would pass it by), in a transaction of its own. False when there was none.
 */
export async function deleteRecord<T extends Versioned>(entity: EntityName<T>, id: Id<T>): Promise<boolean> {
  return em().transactional(async (tx) => {
    const locked = await lockForChange(tx, entity, id);
    if (!locked.ok) return false;
    await tx.remove(locked.entity).flush();
    return true;
  });
}
