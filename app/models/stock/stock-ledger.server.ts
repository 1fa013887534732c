import type { InferEntity } from "@mikro-orm/core";
import type { EntityManager } from "@mikro-orm/postgresql";
import { type PlaceChange, raiseProductAlerts } from "~/models/alert/alert.server";
import { Location } from "~/models/location/location.entity";
import { defaultLocationId } from "~/models/location/location.server";
import { lockEachForChange } from "~/models/locked.server";
import { Product } from "~/models/product/product.entity";
import { type ProductWriteState, stateOf } from "~/models/product/product-state";
import { User } from "~/models/user/user.entity";
import { ProductStock } from "./product-stock.entity";
import { StockMovement } from "./stock-movement.entity";
import type { StockReason } from "./stock-reason";

/*
 * The stock ledger's write path, part of the product aggregate's (docs/data-layer.md): a product's
 * stock level changes only by a movement of the ledger (stock_movement), and the level is the
 * ledger's running sum. Its reads and a movement recorded by hand are stock-movement.server.ts.
 */

type ProductEntity = InferEntity<typeof Product>;

/** A change of one product's stock in one location: one movement of the ledger. */
export type StockChange = {
  productId: number;
  /** Signed: + comes in, - goes out. */
  delta: number;
  reason: StockReason;
  /**
   * Where (issue #32): a location that exists (the caller checks a place it was given); none: the
   * default location.
   */
  locationId?: number | null;
  note?: string | null;
  /** Who moved it (null: the system, a job, the seed). */
  userId?: number | null;
  /** What it belongs to, e.g. the order number of a sale or a return. */
  reference?: string | null;
};

/** The product a change found short, with what its location holds (`stockLevel`) and what was asked. */
export type ShortProduct = {
  id: number;
  name: string;
  sku: string;
  stockLevel: number;
  wanted: number;
  location: { id: number; name: string };
};
export type StockChangeResult =
  | { ok: true; movementIds: number[] }
  | { ok: false; reason: "notFound"; productId: number }
  | { ok: false; reason: "short"; product: ShortProduct };

type Moved = {
  before: ProductWriteState;
  product: ProductEntity;
  movements: InferEntity<typeof StockMovement>[];
  /** Each location's quantity before and after, with its own point there (its low-stock alert). */
  places: PlaceChange[];
};

type PlaceStock = InferEntity<typeof ProductStock>;

/**
 * The ledger's core, without flushing or alerts (for the product's write path, whose edit of a
 * stock level is a movement too, in the same flush as the rest of the edit): locks the products in
 * id order, refuses a location's stock below zero (the first one short is named, with its place,
 * and nothing moves), moves each location's stock and each product's total by the sum of its
 * changes and creates one movement per product and location (the reason, note, user and reference
 * of its first change). With `countedAt`, every product named (a change of 0 too) keeps it as its
 * last counted time, the product's and its location's. The caller flushes.
 *
 * Every row of `product_stock` is written here, under its product's lock: two writers of one
 * product's stock (any location) wait for each other, so the place's quantity read below is the
 * one the write replaces, and the total stays the sum over locations (the deferred constraint
 * trigger `product_stock_total` checks it at every commit).
 */
export async function moveStock(
  tx: EntityManager,
  changes: StockChange[],
  countedAt?: Date,
): Promise<{ ok: true; moved: Moved[] } | Exclude<StockChangeResult, { ok: true }>> {
  if (changes.length === 0) return { ok: true, moved: [] };
  const fallback = changes.every((change) => change.locationId) ? 0 : await defaultLocationId(tx);
  const byPlace = new Map<string, StockChange & { locationId: number }>();
  for (const change of changes) {
    const locationId = change.locationId || fallback;
    const key = `${change.productId}:${locationId}`;
    const seen = byPlace.get(key);
    byPlace.set(key, seen ? { ...seen, delta: seen.delta + change.delta } : { ...change, locationId });
  }
  const ids = [...new Set(changes.map((change) => change.productId))].sort((a, b) => a - b);
  // Locked in id order, so two writers touching the same products never deadlock; each waits
  // for the other and then reads the level the other left.
  const locked = await lockEachForChange(
    tx,
    Product,
    ids.map((id) => ({ id })),
    { refresh: true },
  );
  if (!locked.ok) return { ok: false, reason: "notFound", productId: ids[locked.index] };
  const places = [...byPlace.values()].sort(
    (a, b) => a.productId - b.productId || a.locationId - b.locationId,
  );
  const locationIds = [...new Set(places.map((place) => place.locationId))];
  const rows = await tx.find(
    ProductStock,
    { product: { $in: ids }, location: { $in: locationIds } },
    { refresh: true },
  );
  const rowOf = new Map(rows.map((row) => [`${idOf(row.product)}:${idOf(row.location)}`, row]));
  for (const place of places) {
    const held = rowOf.get(`${place.productId}:${place.locationId}`)?.quantity ?? 0;
    if (held + place.delta < 0) {
      const { id, name, sku } = locked.byId.get(place.productId) as ProductEntity;
      const location = await tx.findOneOrFail(Location, place.locationId, { fields: ["id", "name"] });
      return {
        ok: false,
        reason: "short",
        product: {
          id,
          name,
          sku,
          stockLevel: held,
          wanted: -place.delta,
          location: { id: location.id, name: location.name },
        },
      };
    }
  }
  const moved = new Map<number, Moved>();
  for (const id of ids) {
    const product = locked.byId.get(id) as ProductEntity;
    if (countedAt) product.lastCountedAt = countedAt;
  }
  // A count's products are counted at its location too, a difference or not (its row made there).
  if (countedAt)
    for (const place of places) {
      const key = `${place.productId}:${place.locationId}`;
      let row = rowOf.get(key);
      if (!row) {
        row = tx.create(ProductStock, {
          product: locked.byId.get(place.productId) as ProductEntity,
          location: tx.getReference(Location, place.locationId),
          quantity: 0,
        });
        rowOf.set(key, row);
      }
      row.lastCountedAt = countedAt;
    }
  for (const place of places) {
    if (place.delta === 0) continue;
    const product = locked.byId.get(place.productId) as ProductEntity;
    let entry = moved.get(product.id);
    if (!entry) {
      entry = { before: stateOf(product), product, movements: [], places: [] };
      moved.set(product.id, entry);
    }
    const key = `${place.productId}:${place.locationId}`;
    let row = rowOf.get(key) as PlaceStock | undefined;
    if (!row) {
      row = tx.create(ProductStock, {
        product,
        location: tx.getReference(Location, place.locationId),
        quantity: 0,
      });
      rowOf.set(key, row);
    }
    row.quantity += place.delta;
    product.stockLevel += place.delta;
    entry.places.push({
      productId: product.id,
      name: product.name,
      sku: product.sku,
      locationId: place.locationId,
      before: row.quantity - place.delta,
      after: row.quantity,
      point: row.reorderPoint ?? null,
    });
    entry.movements.push(
      tx.create(StockMovement, {
        product,
        location: tx.getReference(Location, place.locationId),
        quantity: place.delta,
        reason: place.reason,
        stockAfter: product.stockLevel,
        locationStockAfter: row.quantity,
        user: place.userId ? tx.getReference(User, place.userId) : null,
        note: place.note ?? null,
        reference: place.reference ?? null,
      }),
    );
  }
  // A product whose places moved with no change of its total (one location's loss another's gain)
  // is written all the same: figures kept over the catalogue (a location's, locationFigures) stand
  // only while no product row changes.
  for (const entry of moved.values())
    if (entry.product.stockLevel === entry.before.stockLevel) entry.product.updatedAt = new Date();
  return { ok: true, moved: [...moved.values()] };
}

/** A reference's id (the ORM gives an entity or a reference). */
function idOf(reference: unknown): number {
  return (reference as { id: number }).id;
}

/**
 * Moves stock in the caller's transaction, the product aggregate's way, and the only way stock
 * changes after a product is created: each product's change is a movement of the ledger with its
 * reason, and its level the running sum. The rows are locked in id order (so two writers touching
 * the same products never deadlock), none may go below zero whatever the reason (the first one
 * short is named and nothing moves), and the alerts and automation rules follow as for an edit.
 * Orders (sale, return), the product page and the API (any manual reason) move stock through this.
 *
 * A stock count's commit names every product it counted, those without a difference with a change
 * of 0, and `countedAt`: each keeps it as its last counted time, in the same locked write.
 */
export async function changeStock(
  tx: EntityManager,
  changes: StockChange[],
  options: { countedAt?: Date } = {},
): Promise<StockChangeResult> {
  const result = await moveStock(tx, changes, options.countedAt);
  if (!result.ok) return result;
  if (result.moved.length === 0) {
    if (options.countedAt) await tx.flush();
    return { ok: true, movementIds: [] };
  }
  await tx.flush();
  await raiseProductAlerts(
    tx,
    result.moved.map(({ before, product }) => ({ before, after: stateOf(product) })),
    result.moved.flatMap(({ places }) => places),
  );
  return {
    ok: true,
    movementIds: result.moved.flatMap(({ movements }) => movements.map((movement) => movement.id)),
  };
}
