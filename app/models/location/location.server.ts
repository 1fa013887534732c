import type { EntityManager } from "@mikro-orm/postgresql";
import { User } from "~/models/user/user.entity";
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

/**
 * Where a staff member works: their own location while it is active, else the default one; the
 * system's (no user) is the default one.
 */
export async function workLocationId(tx: EntityManager, userId: number | null | undefined): Promise<number> {
  if (userId) {
    const user = await tx.findOne(User, userId, {
      fields: ["location.id", "location.active"],
      populate: ["location"],
    });
    const own = user?.location as { id: number; active: boolean } | null | undefined;
    if (own?.active) return own.id;
  }
  return defaultLocationId(tx);
}

/** Whether a location exists and takes stock (active): the check of a place a caller names. */
export async function isActiveLocation(tx: EntityManager, id: number): Promise<boolean> {
  return (await tx.count(Location, { id, active: true })) > 0;
}
