import {
  ForeignKeyConstraintViolationException,
  type InferEntity,
  raw,
  UniqueConstraintViolationException,
} from "@mikro-orm/core";
import type { EntityManager } from "@mikro-orm/postgresql";
import type { z } from "zod/v4";
import { em } from "~/infra/db.server";
import type { locationAnswer } from "~/models/api-doc/response-schemas";
import { lockForChange } from "~/models/locked.server";
import { locationFigures } from "~/models/stock/location-stock.server";
import { ProductStock } from "~/models/stock/product-stock.entity";
import { User } from "~/models/user/user.entity";
import { Location } from "./location.entity";
import type { LocationInput } from "./location-schema";
import { LOCATION_USES, type LocationUseCount, refusingUses } from "./location-uses";

/*
 * The location aggregate's write path and its screens' reads (issue #32), as the other aggregates'
 * (docs/data-layer.md): a unit of work in the caller's transaction, audited by the ORM's flush.
 * What the stock write paths read of locations (the default, a staff member's) is location.server.ts.
 */

/** A location as the pages read it and /api answers it. */
export type LocationRow = z.output<typeof locationAnswer>;
export type LocationOption = { id: number; name: string; active: boolean; isDefault: boolean };

type LocationColumns = Pick<
  InferEntity<typeof Location>,
  "id" | "name" | "kind" | "address" | "active" | "isDefault" | "createdAt" | "updatedAt" | "version"
>;
type LocationData = LocationColumns & { stockUnits: number; stockProducts: number };

const FIELDS = [
  "id",
  "name",
  "kind",
  "address",
  "active",
  "isDefault",
  "createdAt",
  "updatedAt",
  "version",
] as const;

function toLocation(l: LocationData): LocationRow {
  return {
    id: l.id,
    name: l.name,
    kind: l.kind,
    address: l.address ?? null,
    active: l.active,
    isDefault: l.isDefault,
    stockUnits: Number(l.stockUnits),
    stockProducts: Number(l.stockProducts),
    createdAt: new Date(l.createdAt).toISOString(),
    updatedAt: new Date(l.updatedAt).toISOString(),
    version: l.version,
  };
}

/** The location's columns. */
function locationQuery(db: EntityManager) {
  return db.createQueryBuilder(Location, "l").select([...FIELDS]);
}

/** Locations with what each holds: its kept figures (locationFigures), one location's rows each. */
async function withStock(rows: LocationColumns[], db: EntityManager): Promise<LocationRow[]> {
  const figures = await Promise.all(rows.map((row) => locationFigures(row.id, db)));
  return rows.map((row, i) =>
    toLocation({ ...row, stockUnits: figures[i].units, stockProducts: figures[i].products }),
  );
}

/** Every location by name (a shop has a few dozen at most): the list and the API. */
export async function listLocations(
  db: EntityManager = em(),
): Promise<{ locations: LocationRow[]; total: number }> {
  const rows = await locationQuery(db)
    .orderBy([{ [raw("lower(l.name)")]: "asc" }, { id: "asc" }])
    .execute<LocationColumns[]>();
  return { locations: await withStock(rows, db), total: rows.length };
}

export async function getLocation(id: number, db: EntityManager = em()): Promise<LocationRow | null> {
  const row = await locationQuery(db).where({ id }).execute<LocationColumns | null>("get");
  return row ? (await withStock([row], db))[0] : null;
}

/** Locations' ids and names by name (inactive ones too, flagged): the selects of a place. */
export async function locationOptions(db: EntityManager = em()): Promise<LocationOption[]> {
  return db
    .createQueryBuilder(Location, "l")
    .select(["id", "name", "active", "isDefault"])
    .orderBy([{ [raw("lower(l.name)")]: "asc" }, { id: "asc" }])
    .execute<LocationOption[]>();
}

export type LocationStockRow = { productId: number; name: string; sku: string; quantity: number };

/**
 * A page of the products in stock at a location, by name (the products' name index), and how many
 * there are (the location's kept figures).
 */
export async function locationStock(
  id: number,
  page: { limit: number; offset: number },
  db: EntityManager = em(),
): Promise<{ rows: LocationStockRow[]; total: number }> {
  const statement = locationStockStatement(id, page);
  const [rows, figures] = await Promise.all([
    db.execute<LocationStockRow[]>(statement.sql, statement.params),
    locationFigures(id, db),
  ]);
  return { rows, total: figures.products };
}

/** The location stock page's rows, as it runs them (and the EXPLAIN test). */
export function locationStockStatement(id: number, page: { limit: number; offset: number }) {
  return {
    sql: `select p.id as "productId", p.name, p.sku, s.quantity
       from product_stock s join product p on p.id = s.product_id
       where s.location_id = ? and s.quantity > 0
       order by lower(p.name), p.id limit ? offset ?`,
    params: [id, page.limit, page.offset],
  };
}

/** Whether another location (not `exceptId`) has this name, in any letter case. */
export async function locationNameInUse(name: string, exceptId = 0, db: EntityManager = em()) {
  const where = { [raw("lower(name)")]: raw("lower(?)", [name.trim()]), id: { $ne: exceptId } };
  return (await db.count(Location, where)) > 0;
}

/**
 * What names a location, each of LOCATION_USES counted in one statement: the counts above zero.
 * Run after the location is locked, so what a transaction we waited for wrote is counted.
 */
export async function locationUses(tx: EntityManager, id: number): Promise<LocationUseCount[]> {
  const columns = LOCATION_USES.map((use, i) => `(${use.sql}) as c${i}`).join(", ");
  const [row] = await tx.execute<Record<string, number>[]>(
    `select ${columns}`,
    LOCATION_USES.map(() => id),
  );
  return LOCATION_USES.map((use, i) => ({
    name: use.name,
    kind: use.kind,
    count: Number(row[`c${i}`]),
  })).filter((use) => use.count > 0);
}

export type LocationRefusal = "notFound" | "nameTaken" | "stale" | "defaultInactive" | "defaultRequired";
export type LocationResult = { ok: true; location: LocationRow } | { ok: false; reason: LocationRefusal };
export type LocationWrite = { ok: true; id: number } | { ok: false; reason: LocationRefusal };

function storedFields(input: LocationInput) {
  return { name: input.name, kind: input.kind, address: input.address, active: input.active };
}

/**
 * Makes `location` the default in the caller's transaction: the flag leaves the other default
 * first (the unique index allows one at a time, and is not deferred), then comes here.
 */
async function takeDefault(tx: EntityManager, location: InferEntity<typeof Location>) {
  const others = await tx.find(Location, { isDefault: true, id: { $ne: location.id } });
  for (const other of others) other.isDefault = false;
  if (others.length) await tx.flush();
  location.isDefault = true;
}

/** Creates a location; refused when its name is another's, or when a default is to be inactive. */
export async function insertLocation(tx: EntityManager, input: LocationInput): Promise<LocationWrite> {
  if (input.isDefault && !input.active) return { ok: false, reason: "defaultInactive" };
  if (await locationNameInUse(input.name, 0, tx)) return { ok: false, reason: "nameTaken" };
  const location = tx.create(Location, { ...storedFields(input), isDefault: false });
  await tx.flush();
  if (input.isDefault) {
    await takeDefault(tx, location);
    await tx.flush();
  }
  return { ok: true, id: location.id };
}

/**
 * Changes a location: locked, refused as stale for a version it no longer has, for a name that is
 * another's, for an inactive default, and for taking the flag off the default (another location
 * takes it by being made the default: exactly one always has it).
 */
export async function changeLocation(
  tx: EntityManager,
  id: number,
  input: LocationInput,
): Promise<LocationWrite> {
  const locked = await lockForChange(tx, Location, id, input.version);
  if (!locked.ok) return locked;
  const location = locked.entity;
  const willBeDefault = input.isDefault || location.isDefault;
  if (location.isDefault && !input.isDefault) return { ok: false, reason: "defaultRequired" };
  if (willBeDefault && !input.active) return { ok: false, reason: "defaultInactive" };
  if (await locationNameInUse(input.name, id, tx)) return { ok: false, reason: "nameTaken" };
  tx.assign(location, storedFields(input));
  if (input.isDefault && !location.isDefault) await takeDefault(tx, location);
  await tx.flush();
  return { ok: true, id };
}

function nameTakenMeanwhile(error: unknown): LocationResult {
  if (error instanceof UniqueConstraintViolationException) return { ok: false, reason: "nameTaken" };
  throw error;
}

/** Creates a location in a transaction of its own (the form, the API). */
export async function createLocation(input: LocationInput): Promise<LocationResult> {
  return em()
    .transactional(async (tx): Promise<LocationResult> => {
      const created = await insertLocation(tx, input);
      if (!created.ok) return created;
      return { ok: true, location: (await getLocation(created.id, tx)) as LocationRow };
    })
    .catch(nameTakenMeanwhile);
}

/** Changes a location in a transaction of its own (the form, the API). */
export async function updateLocation(id: number, input: LocationInput): Promise<LocationResult> {
  return em()
    .transactional(async (tx): Promise<LocationResult> => {
      const changed = await changeLocation(tx, id, input);
      if (!changed.ok) return changed;
      return { ok: true, location: (await getLocation(id, tx)) as LocationRow };
    })
    .catch(nameTakenMeanwhile);
}

export type LocationDeleteResult =
  | { ok: true }
  | { ok: false; reason: "notFound" }
  | { ok: false; reason: "isDefault" }
  | { ok: false; reason: "inUse"; uses: LocationUseCount[] };

/**
 * Deletes a location nothing holds or names (LOCATION_USES): refused with the counts while it
 * holds stock, open documents name it or its ledger has movements (then deactivating is the way),
 * and for the default. Staff members whose own location it was are left with none (the default).
 * Its stock rows without stock (a reorder point or shelf set there) go with it. A movement written
 * meanwhile into it keeps it by its foreign key: refused the same way, counted again.
 */
export async function deleteLocation(id: number): Promise<LocationDeleteResult> {
  try {
    return await em().transactional(async (tx): Promise<LocationDeleteResult> => {
      const locked = await lockForChange(tx, Location, id);
      if (!locked.ok) return { ok: false, reason: "notFound" };
      if (locked.entity.isDefault) return { ok: false, reason: "isDefault" };
      const uses = await locationUses(tx, id);
      if (refusingUses(uses).length > 0) return { ok: false, reason: "inUse", uses };
      await tx.nativeDelete(ProductStock, { location: id, quantity: 0 });
      const staff = await tx.find(User, { location: id });
      for (const user of staff) user.location = null;
      tx.remove(locked.entity);
      await tx.flush();
      return { ok: true };
    });
  } catch (error) {
    if (error instanceof ForeignKeyConstraintViolationException) {
      return { ok: false, reason: "inUse", uses: await locationUses(em().fork(), id) };
    }
    throw error;
  }
}

export type OwnLocationResult = { ok: true } | { ok: false; reason: "notFound" | "inactive" };

/**
 * A staff member's own location (issue #32): where their orders, receipts, counts and scanner
 * list go by default. `null`: none (the shop's default). Only an active location is chosen.
 */
export async function setOwnLocation(userId: number, locationId: number | null): Promise<OwnLocationResult> {
  return em().transactional(async (tx): Promise<OwnLocationResult> => {
    if (locationId !== null) {
      const location = await tx.findOne(Location, locationId, { fields: ["id", "active"] });
      if (!location) return { ok: false, reason: "notFound" };
      if (!location.active) return { ok: false, reason: "inactive" };
    }
    const user = await tx.findOne(User, userId);
    if (!user) return { ok: false, reason: "notFound" };
    user.location = locationId === null ? null : tx.getReference(Location, locationId);
    await tx.flush();
    return { ok: true };
  });
}

export type OwnLocationChoice = {
  /** The staff member's own location while it is active; null: the default. */
  own: number | null;
  locations: { id: number; name: string; isDefault: boolean }[];
};

/** What the sidebar's and /account's choice of one's own location shows: the active locations, and which is one's own. */
export async function ownLocationChoice(
  userId: number,
  db: EntityManager = em(),
): Promise<OwnLocationChoice> {
  const rows = await db.execute<{ id: number; name: string; isDefault: boolean; own: boolean }[]>(
    `select l.id, l.name, l.is_default as "isDefault", (l.id = u.location_id) as own
     from location l left join "user" u on u.id = ?
     where l.active order by lower(l.name), l.id`,
    [userId],
  );
  return {
    own: rows.find((row) => row.own)?.id ?? null,
    locations: rows.map(({ id, name, isDefault }) => ({ id, name, isDefault })),
  };
}
