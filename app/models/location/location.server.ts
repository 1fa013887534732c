import type { EntityManager } from "@mikro-orm/postgresql";
import { em } from "~/infra/db.server";
import { Location } from "./location.entity";

/*
 * Locations' reads the stock write paths share (issue #32): which place a change goes to when the
 * caller names none. Their screens' reads and writes are location-writes.server.ts.
 */

/** The default location's id: where stock goes when no place is named (one always exists). */
export async function defaultLocationId(tx: EntityManager): Promise<number> {
  const found = await tx.findOneOrFail(Location, { isDefault: true }, { fields: ["id"] });
  return found.id;
}

/** A staff member's own location while it is active, else null (none chosen, or deactivated). */
export async function ownActiveLocationId(
  userId: number | null | undefined,
  db: EntityManager = em(),
): Promise<number | null> {
  if (!userId) return null;
  const [row] = await db.execute<{ id: number }[]>(
    `select l.id from "user" u join location l on l.id = u.location_id and l.active where u.id = ?`,
    [userId],
  );
  return row?.id ?? null;
}

/**
 * Where a staff member works: their own location while it is active, else the default one; the
 * system's (no user) is the default one.
 */
export async function workLocationId(tx: EntityManager, userId: number | null | undefined): Promise<number> {
  return (await ownActiveLocationId(userId, tx)) ?? defaultLocationId(tx);
}

/** Whether a location exists and takes stock (active): the check of a place a caller names. */
export async function isActiveLocation(tx: EntityManager, id: number): Promise<boolean> {
  return (await tx.count(Location, { id, active: true })) > 0;
}

export type LocationChoice = { id: number; name: string };

/** The active locations, the default first, then by name: every select of a place and every location filter. */
export async function activeLocations(db: EntityManager = em()): Promise<LocationChoice[]> {
  return db.execute<LocationChoice[]>(
    "select id, name from location where active order by is_default desc, lower(name), id",
  );
}

/** An active location by id, with its name (null: none such): a filter's or a form's choice checked. */
export async function findActiveLocation(
  id: number | null,
  db: EntityManager = em(),
): Promise<LocationChoice | null> {
  if (!id) return null;
  const [found] = await db.execute<LocationChoice[]>(
    "select id, name from location where id = ? and active",
    [id],
  );
  return found ?? null;
}
