import type { EntityManager } from "@mikro-orm/postgresql";
import { em } from "~/infra/db.server";
import type { OrderStatus } from "~/models/order/document-status";
import { OPEN_STATUSES } from "~/models/purchase-order/purchase-order-status";
import { Location } from "./location.entity";

/*
 * The places a document names (issue #32): the choices of an order's, a purchase order's and a
 * return's location select, what the scanner's list shows of its location, and the open documents
 * at a location (what its deletion is refused for).
 */

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

/** The open documents at a location (issue #32), for the refusal to delete it. */
export type OpenDocuments = {
  /** sales orders confirmed (holding its stock) and not yet shipped */
  orders: number;
  /** purchase orders sent and not yet wholly received, to be delivered there */
  purchaseOrders: number;
  /** customer returns still drafts, whose goods would come back there */
  returns: number;
};

/**
 * How many open documents name a location (issue #32): a location they name is not deleted (the
 * locations' `locationUses` counts these beside the stock it holds).
 */
export async function openDocumentsAt(tx: EntityManager, locationId: number): Promise<OpenDocuments> {
  const orderStatuses = ["confirmed"] satisfies OrderStatus[];
  const [row] = await tx.execute<OpenDocuments[]>(
    `select (select count(*)::int from sales_order where location_id = ? and status in (?)) as orders,
            (select count(*)::int from purchase_order where location_id = ? and status in (?)) as "purchaseOrders",
            (select count(*)::int from customer_return where location_id = ? and status = 'draft') as returns`,
    [locationId, orderStatuses, locationId, [...OPEN_STATUSES], locationId],
  );
  return row;
}
