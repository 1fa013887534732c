import type { EntityManager } from "@mikro-orm/postgresql";
import type { z } from "zod/v4";
import { em } from "~/infra/db.server";
import { Location } from "~/models/location/location.entity";
import { setPlaceFields } from "./product-place.server";
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
    // The place's fields have one write path (product-place.server.ts): the row, and the audit.
    const { after } = await setPlaceFields(tx, productId, locationId, { reorderPoint });
    const [row] = await tx.execute<{ quantity: number }[]>(
      "select quantity from product_stock where product_id = ? and location_id = ?",
      [productId, locationId],
    );
    return { ok: true, point: answer(productId, location, row?.quantity ?? 0, after.reorderPoint) } as const;
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
