import type { EntityManager } from "@mikro-orm/postgresql";
import { em } from "~/infra/db.server";
import { namedSql } from "~/infra/sql.server";
import { auditActor } from "~/models/audit/audit-trail.server";
import { defaultLocationId } from "~/models/location/location.server";

/*
 * What a product has per location besides its stock (issue #32): its shelf there ("A-12") and its
 * reorder point there, both on its row of `product_stock`. The quantity is the ledger's alone
 * (stock-ledger.server.ts); these are written here, each change recorded in the audit trail as a
 * change of the product naming the location.
 */

/** The fields of a product's place; left out: kept as they are. Null clears one. */
export type PlaceFields = { shelf?: string | null; reorderPoint?: number | null };

/** A product's place fields as they are (no row there: none). */
export type PlaceRow = {
  productId: number;
  locationId: number;
  shelf: string | null;
  reorderPoint: number | null;
};

type PlaceChange = { productId: number; fields: PlaceFields };

/**
 * Sets a product's shelf and/or reorder point at one location, in the caller's transaction: its
 * row of product_stock is made (quantity 0) when it has none there. The product is locked first,
 * as every writer of its rows locks it (the ledger makes rows under that lock too). The caller
 * checks the product and the location exist (the location's foreign key refuses one that does
 * not). Answers the fields as they were and are.
 */
export async function setPlaceFields(
  tx: EntityManager,
  productId: number,
  locationId: number,
  fields: PlaceFields,
): Promise<{ before: PlaceRow; after: PlaceRow }> {
  const [changed] = await setPlacesFields(tx, locationId, [{ productId, fields }]);
  return changed;
}

/**
 * The same for many products at one location (the product write path's imports): one statement
 * per field set, the products locked in id order. Only what differs is written and audited.
 */
export async function setPlacesFields(
  tx: EntityManager,
  locationId: number,
  changes: PlaceChange[],
): Promise<{ before: PlaceRow; after: PlaceRow }[]> {
  if (changes.length === 0) return [];
  const ids = [...new Set(changes.map((change) => change.productId))].sort((a, b) => a - b);
  await namedSql(tx, "select id from product where id = any(:ids::int[]) order by id for update", { ids });
  const { rows: current } = await namedSql<PlaceRow>(
    tx,
    `select product_id as "productId", location_id as "locationId", shelf, reorder_point as "reorderPoint"
       from product_stock where location_id = :location and product_id = any(:ids::int[])`,
    { location: locationId, ids },
  );
  const byProduct = new Map(current.map((row) => [row.productId, row]));
  const results: { before: PlaceRow; after: PlaceRow }[] = [];
  const writes = new Map<number, PlaceRow>();
  for (const { productId, fields } of changes) {
    const before = writes.get(productId) ??
      byProduct.get(productId) ?? { productId, locationId, shelf: null, reorderPoint: null };
    const after: PlaceRow = {
      ...before,
      shelf: fields.shelf === undefined ? before.shelf : fields.shelf,
      reorderPoint: fields.reorderPoint === undefined ? before.reorderPoint : fields.reorderPoint,
    };
    results.push({ before, after });
    if (after.shelf !== before.shelf || after.reorderPoint !== before.reorderPoint)
      writes.set(productId, after);
  }
  if (writes.size === 0) return results;
  const rows = [...writes.values()];
  await namedSql(
    tx,
    `insert into product_stock (product_id, location_id, quantity, shelf, reorder_point)
     select r.product_id, :location, 0, r.shelf, r.reorder_point
       from unnest(:products::int[], :shelves::text[], :points::int[]) as r(product_id, shelf, reorder_point)
     on conflict (product_id, location_id)
       do update set shelf = excluded.shelf, reorder_point = excluded.reorder_point`,
    {
      location: locationId,
      products: rows.map((row) => row.productId),
      shelves: rows.map((row) => row.shelf),
      points: rows.map((row) => row.reorderPoint),
    },
  );
  await auditPlaces(tx, locationId, rows, byProduct);
  return results;
}

/**
 * The changes as the audit trail's rows: an update of the product, each field named with the
 * location's name in its values ("Main store: A-12"), as the ORM's trail records a product's own.
 */
async function auditPlaces(
  tx: EntityManager,
  locationId: number,
  rows: PlaceRow[],
  before: Map<number, PlaceRow>,
) {
  const actor = auditActor();
  if (!actor) return;
  const changes = rows.map((row) => {
    const old = before.get(row.productId);
    const change: Record<string, { from: string | null; to: string | null }> = {};
    const shown = (value: string | number | null | undefined) => (value == null ? null : String(value));
    if ((old?.shelf ?? null) !== row.shelf) change.shelf = { from: shown(old?.shelf), to: shown(row.shelf) };
    if ((old?.reorderPoint ?? null) !== row.reorderPoint)
      change.reorderPoint = { from: shown(old?.reorderPoint), to: shown(row.reorderPoint) };
    return JSON.stringify(change);
  });
  await namedSql(
    tx,
    `insert into audit_log (user_id, user_name, entity_type, entity_id, entity_label, action, changes, request_id, created_at)
     select :actorId::int, :actorName, 'product', p.id, left(p.name || ' (' || p.sku || ')', 255), 'update',
            (select jsonb_object_agg(k, jsonb_build_object(
               'from', case when v->>'from' is null then null else l.name || ': ' || (v->>'from') end,
               'to', case when v->>'to' is null then null else l.name || ': ' || (v->>'to') end))
               from jsonb_each(r.change) as e(k, v)),
            :requestId, now()
       from unnest(:products::int[], :changes::jsonb[]) as r(product_id, change)
       join product p on p.id = r.product_id
       join location l on l.id = :location`,
    {
      actorId: actor.userId,
      actorName: actor.userName,
      requestId: actor.requestId,
      location: locationId,
      products: rows.map((row) => row.productId),
      changes,
    },
  );
}

/** The products' shelves at the default location, by product id (the product's `location` field). */
export async function defaultShelves(tx: EntityManager, productIds: number[]): Promise<Map<number, string>> {
  if (productIds.length === 0) return new Map();
  const { rows } = await namedSql<{ productId: number; shelf: string }>(
    tx,
    `select s.product_id as "productId", s.shelf from product_stock s
       join location l on l.id = s.location_id and l.is_default
      where s.product_id = any(:ids::int[]) and s.shelf is not null`,
    { ids: productIds },
  );
  return new Map(rows.map((row) => [row.productId, row.shelf]));
}

/**
 * Sets the products' shelves at the default location: the product write path's `location` field
 * (the form, the API, an import), which keeps meaning the shelf there.
 */
export async function setDefaultShelves(
  tx: EntityManager,
  shelves: { productId: number; shelf: string | null }[],
): Promise<void> {
  if (shelves.length === 0) return;
  await setPlacesFields(
    tx,
    await defaultLocationId(tx),
    shelves.map(({ productId, shelf }) => ({ productId, fields: { shelf } })),
  );
}

/** The default location's name: the product form's shelf field is the shelf there. */
export async function defaultLocationName(db: EntityManager = em()): Promise<string> {
  const [row] = await db.execute<{ name: string }[]>("select name from location where is_default");
  return row?.name ?? "";
}
