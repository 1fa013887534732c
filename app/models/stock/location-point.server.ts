import type { EntityManager } from "@mikro-orm/postgresql";
import type { z } from "zod/v4";
import { em } from "~/infra/db.server";
import { Location } from "~/models/location/location.entity";
import { Product } from "~/models/product/product.entity";
import { ProductStock } from "./product-stock.entity";
import type { locationPointAnswer } from "./reorder-schema";

/*
 * Reorder points per product and location (issue #32): `product_stock.reorder_point`. A location
 * with a point of its own is on the To reorder list when its stock there is at or under it
 * (reorder.server.ts), and its low-stock alert names it (alert.server.ts). The product's own point
 * stays the fallback and applies to its total. Set by admins and managers on the product page and
 * by `PUT /api/products/{id}/locations/{locationId}`; each change is in the audit trail
 * (location/aggregate.ts declares ProductStock; its quantity is never a line there).
 */

export type LocationPoint = z.output<typeof locationPointAnswer>;

export type LocationPointResult =
  | { ok: true; point: LocationPoint }
  | { ok: false; reason: "notFound" }
  | { ok: false; reason: "location" };

/** Whether a location a page or /api names as a filter exists and is active. */
export async function isActiveLocationFilter(id: number, db: EntityManager = em()): Promise<boolean> {
  return (await db.count(Location, { id, active: true })) > 0;
}

/** An active location a filter names (null: none such). */
export async function findFilterLocation(
  id: number | null,
  db: EntityManager = em(),
): Promise<{ id: number; name: string } | null> {
  if (!id) return null;
  const [found] = await db.execute<{ id: number; name: string }[]>(
    "select id, name from location where id = ? and active",
    [id],
  );
  return found ?? null;
}

/** The active locations, for a location filter's choices (default first, then by name). */
export async function listFilterLocations(db: EntityManager = em()): Promise<{ id: number; name: string }[]> {
  return db.execute<{ id: number; name: string }[]>(
    "select id, name from location where active order by is_default desc, lower(name), id",
  );
}

/** The product's rows by location, for its page: every active location, with its quantity and point. */
export async function listLocationPoints(
  productId: number,
  db: EntityManager = em(),
): Promise<{ locationId: number; name: string; quantity: number; reorderPoint: number | null }[]> {
  const rows = await db.execute<
    { location_id: number; name: string; quantity: number | null; reorder_point: number | null }[]
  >(
    `select l.id as location_id, l.name, ps.quantity, ps.reorder_point
     from location l left join product_stock ps on ps.location_id = l.id and ps.product_id = ?
     where l.active order by l.is_default desc, lower(l.name), l.id`,
    [productId],
  );
  return rows.map((row) => ({
    locationId: row.location_id,
    name: row.name,
    quantity: row.quantity ?? 0,
    reorderPoint: row.reorder_point,
  }));
}

/**
 * Sets (or with null removes) a product's reorder point in one active location. The product is
 * locked as the ledger locks it, so the row it may create here and a movement's never meet.
 */
export async function setLocationReorderPoint(
  productId: number,
  locationId: number,
  reorderPoint: number | null,
  db: EntityManager = em(),
): Promise<LocationPointResult> {
  return db.transactional(async (tx) => {
    const [product] = await tx.execute<{ id: number }[]>(
      "select id from product where id = ? for no key update",
      [productId],
    );
    if (!product) return { ok: false, reason: "notFound" } as const;
    const location = await tx.findOne(Location, { id: locationId, active: true }, { fields: ["id", "name"] });
    if (!location) return { ok: false, reason: "location" } as const;
    let row = await tx.findOne(ProductStock, { product: productId, location: locationId }, { refresh: true });
    if (!row) {
      if (reorderPoint === null) return { ok: true, point: answer(productId, location, 0, null) } as const;
      row = tx.create(ProductStock, {
        product: tx.getReference(Product, productId),
        location: tx.getReference(Location, locationId),
        quantity: 0,
        reorderPoint,
      });
    } else row.reorderPoint = reorderPoint;
    await tx.flush();
    return { ok: true, point: answer(productId, location, row.quantity, row.reorderPoint ?? null) } as const;
  });
}

function answer(
  productId: number,
  location: { id: number; name: string },
  quantity: number,
  reorderPoint: number | null,
): LocationPoint {
  return { productId, locationId: location.id, locationName: location.name, quantity, reorderPoint };
}
