import type { EntityManager } from "@mikro-orm/postgresql";
import type { z } from "zod/v4";
import { SHOP_TIME_ZONE } from "~/i18n/shop-time-zone";
import { em } from "~/infra/db.server";
import { namedSql, toIso } from "~/infra/sql.server";
import type { soldUnitAnswer } from "~/models/api-doc/response-schemas";
import type { TrackingMode } from "~/models/product/tracking";
import { recordEvents, SerialConflict, type SerialDocument, type SerialLine, unitKey } from "./serial.server";

/**
 * The sale of serial-tracked units (issue #31): shipping an order line of a tracked product takes
 * exactly one serial per unit, each a unit of that product in stock; the units become sold on the
 * line, with their guarantee's end fixed on the day. Called by the order's move to shipped, in its
 * transaction. `lineId` of a SerialLine is the order line's (sales_order_item) id here.
 */

/**
 * Sells a shipment's units in the caller's transaction, after `leavingSerialProblems` (serial-leaving.server.ts) found
 * nothing: each becomes sold on its line at `at` (now; the demo's history sets it), its guarantee
 * ending its product's guarantee months after that shop day, with a `sold` event naming the order. The update takes only units
 * still in stock: when another sale took one since the checks (two sales of one serial at once: the
 * row lock orders them, the second finds it sold), SerialConflict is thrown, naming it, and the
 * caller's transaction rolls back. A serial is never sold twice. With `locationId` (issue #32), only
 * units at that location are taken (one moved away since the checks is a conflict too).
 */
export async function recordSoldSerials(
  tx: EntityManager,
  lines: SerialLine[],
  document: SerialDocument,
  userId: number | null,
  at: Date = new Date(),
  locationId: number | null = null,
): Promise<void> {
  const tracked = lines.filter((line) => line.tracking !== "none" && line.serials.length > 0);
  if (tracked.length === 0) return;
  const rows = tracked.flatMap((line) =>
    line.serials.map((serial) => ({ lineId: line.lineId, productId: line.productId, serial })),
  );
  const { rows: sold } = await namedSql<{ id: number; product_id: number; serial: string }>(
    tx,
    `update serial_unit u
        set state = 'sold', sold_item_id = s.line_id, sold_at = :at, version = u.version + 1,
            guarantee_ends = case when p.guarantee_months is null then null
              else ((:at::timestamptz at time zone :zone)::date + make_interval(months => p.guarantee_months))::date - 1 end
       from unnest(:products::int[], :serials::text[], :lines::int[]) as s(product_id, serial, line_id),
            product p
      where u.product_id = s.product_id and u.serial = s.serial and p.id = u.product_id
        and u.state = 'in_stock' and (:location::int is null or u.location_id = :location::int)
      returning u.id, u.product_id, u.serial`,
    {
      location: locationId,
      at,
      zone: SHOP_TIME_ZONE,
      products: rows.map((row) => row.productId),
      serials: rows.map((row) => row.serial),
      lines: rows.map((row) => row.lineId),
    },
  );
  if (sold.length < rows.length) {
    const done = new Set(sold.map((row) => unitKey(row.product_id, row.serial)));
    throw SerialConflict.of(tracked, done, "notInStock");
  }
  await recordEvents(
    tx,
    sold.map((row) => row.id),
    "sold",
    document,
    userId,
    null,
    at,
  );
}

/** A unit sold on an order's line, as the order's page, its print, the customer's page and /api show it. */
export type SoldUnit = z.output<typeof soldUnitAnswer>;

const SOLD_COLUMNS = `u.id, u.sold_item_id as line_id, u.product_id, p.name as product_name, u.serial,
  u.sold_at, to_char(u.guarantee_ends, 'YYYY-MM-DD') as guarantee_ends, o.id as order_id, o.order_number`;

type SoldRow = {
  id: number;
  line_id: number;
  product_id: number;
  product_name: string;
  serial: string;
  sold_at: Date | string;
  guarantee_ends: string | null;
  order_id: number;
  order_number: string;
};

const toSoldUnit = (row: SoldRow): SoldUnit => ({
  id: row.id,
  lineId: row.line_id,
  productId: row.product_id,
  productName: row.product_name,
  serial: row.serial,
  soldAt: toIso(row.sold_at),
  guaranteeEnds: row.guarantee_ends,
  orderId: row.order_id,
  orderNumber: row.order_number,
});

/** The units sold on an order, by line and serial. */
export async function unitsSoldOnOrder(tx: EntityManager, orderId: number): Promise<SoldUnit[]> {
  const { rows } = await namedSql<SoldRow>(
    tx,
    `select ${SOLD_COLUMNS}
       from serial_unit u join sales_order_item i on i.id = u.sold_item_id
       join sales_order o on o.id = i.order_id join product p on p.id = u.product_id
      where i.order_id = :orderId order by i.position, i.id, u.serial`,
    { orderId },
  );
  return rows.map(toSoldUnit);
}

/** The units a customer bought (newest sale first, at most `limit`), with the total. */
export async function unitsSoldToCustomer(
  customerId: number,
  limit = 50,
  tx: EntityManager = em(),
): Promise<{ units: SoldUnit[]; total: number }> {
  const { rows } = await namedSql<SoldRow & { total: string }>(
    tx,
    `select ${SOLD_COLUMNS}, count(*) over () as total
       from serial_unit u join sales_order_item i on i.id = u.sold_item_id
       join sales_order o on o.id = i.order_id join product p on p.id = u.product_id
      where o.customer_id = :customerId order by u.sold_at desc, u.id desc limit :limit`,
    { customerId, limit },
  );
  return { units: rows.map(toSoldUnit), total: Number(rows[0]?.total ?? 0) };
}

/** A line of an order to ship that takes serials, with the units in stock it may take. */
export type LineToShip = {
  lineId: number;
  productId: number;
  productName: string;
  sku: string;
  quantity: number;
  tracking: Exclude<TrackingMode, "none">;
  /** Units of its product in stock, oldest received first, at most `limit`: the page's picker. */
  inStock: string[];
  /** How many units of its product are in stock in all. */
  inStockTotal: number;
};

/** A unit at the named `:location`, or anywhere when it is null. */
const AT_LOCATION = "(:location::int is null or u.location_id = :location::int)";

/**
 * The serial-tracked lines of an order about to ship, each with the units of its product in stock
 * (at most `limit` a product listed), so staff can tick them when no scanner is at hand; with
 * `locationId` (issue #32) only those in stock there. Empty: the order ships without serials.
 */
export async function linesToShip(
  tx: EntityManager,
  lines: { id: number; productId: number; productName: string; sku: string; quantity: number }[],
  limit = 50,
  locationId: number | null = null,
): Promise<LineToShip[]> {
  const productIds = [...new Set(lines.map((line) => line.productId))];
  if (productIds.length === 0) return [];
  const { rows } = await namedSql<{
    product_id: number;
    tracking: Exclude<TrackingMode, "none">;
    serials: string[] | null;
    total: number;
  }>(
    tx,
    `select p.id as product_id, p.tracking,
            (select array_agg(serial order by received_at nulls last, id) from (
               select u.serial, u.received_at, u.id from serial_unit u
                where u.product_id = p.id and u.state = 'in_stock' and ${AT_LOCATION}
                order by u.received_at nulls last, u.id limit :limit) s) as serials,
            (select count(*)::int from serial_unit u
              where u.product_id = p.id and u.state = 'in_stock' and ${AT_LOCATION}) as total
       from product p where p.id = any(:ids::int[]) and p.tracking <> 'none'`,
    { ids: productIds, limit, location: locationId },
  );
  const byProduct = new Map(rows.map((row) => [row.product_id, row]));
  return lines.flatMap((line) => {
    const product = byProduct.get(line.productId);
    if (!product) return [];
    return [
      {
        lineId: line.id,
        productId: line.productId,
        productName: line.productName,
        sku: line.sku,
        quantity: line.quantity,
        tracking: product.tracking,
        inStock: product.serials ?? [],
        inStockTotal: product.total,
      },
    ];
  });
}
