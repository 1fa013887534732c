import type { EntityManager } from "@mikro-orm/postgresql";
import { em } from "~/infra/db.server";
import { Location } from "./location.entity";

/*
 * The places a document may name (issue #32): the choices of an order's, a purchase order's and a
 * return's location select, and what the scanner's list shows of its location.
 */

export type LocationOption = { id: number; name: string };

/** The active locations by name, the default first: a document's location select. */
export async function locationOptions(db: EntityManager = em()): Promise<LocationOption[]> {
  const rows = await db.find(
    Location,
    { active: true },
    { fields: ["id", "name", "isDefault"], orderBy: { isDefault: "desc", name: "asc" } },
  );
  return rows.map((row) => ({ id: row.id, name: row.name }));
}

/** A location's name (an inactive one too, for the documents that named it), or null. */
export async function locationName(id: number, db: EntityManager = em()): Promise<string | null> {
  const row = await db.findOne(Location, id, { fields: ["name"] });
  return row?.name ?? null;
}

/**
 * What each of these products holds at a location (issue #32), 0 when it has no row there: the
 * scanner's list beside each product's total.
 */
export async function stockAt(
  productIds: number[],
  locationId: number,
  db: EntityManager = em(),
): Promise<Map<number, number>> {
  const held = new Map(productIds.map((id) => [id, 0]));
  if (productIds.length === 0) return held;
  const rows = await db.execute<{ product_id: number; quantity: number }[]>(
    "select product_id, quantity from product_stock where location_id = ? and product_id in (?)",
    [locationId, productIds],
  );
  for (const row of rows) held.set(row.product_id, row.quantity);
  return held;
}
