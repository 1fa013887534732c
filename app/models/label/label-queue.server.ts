import type { EntityManager } from "@mikro-orm/postgresql";
import { em } from "~/infra/db.server";
import { containsPattern, namedSql } from "~/infra/sql.server";
import type { LabelReason } from "./label-reason";

/** A product whose label a change put out of date, and why. */
export type LabelChange = { productId: number; reason: LabelReason };

/**
 * Puts products on the reprint queue, in the caller's transaction (the write that changed what
 * their labels print): a product already queued keeps its reasons and gains the new ones. One
 * statement for any number of products. The price log's writer calls it for prices and campaigns,
 * the product write path for names and codes.
 */
export async function queueLabels(tx: EntityManager, changes: readonly LabelChange[]): Promise<void> {
  if (changes.length === 0) return;
  await namedSql(
    tx,
    `insert into label_queue (product_id, reasons, queued_at)
     select x.product_id, array_agg(distinct x.reason order by x.reason), now()
       from unnest(:ids::int[], :reasons::text[]) as x(product_id, reason)
      group by x.product_id
     on conflict (product_id) do update
        set reasons = (select array_agg(distinct r order by r) from unnest(label_queue.reasons || excluded.reasons) r),
            queued_at = now()`,
    { ids: changes.map((change) => change.productId), reasons: changes.map((change) => change.reason) },
  );
}

/**
 * How many products' labels are out of date (the dashboard's figure): the tally PostgreSQL keeps
 * with every change of the queue (label_queue_tally), a few rows however long the queue is.
 */
export async function countQueuedLabels(db: EntityManager = em()): Promise<number> {
  const { rows } = await namedSql<{ n: number }>(
    db,
    "select coalesce(sum(delta), 0)::int as n from label_queue_tally",
    {},
  );
  return rows[0]?.n ?? 0;
}

/**
 * Folds the tally's rows into one (a job): the rows it deletes and the one it adds commit together,
 * so a reader sees the same sum before and after. Rows another run holds are left to it.
 */
export async function compactLabelQueueTally(db: EntityManager): Promise<void> {
  await namedSql(
    db,
    `with gone as (
       delete from label_queue_tally
        where id in (select id from label_queue_tally for update skip locked)
       returning delta
     )
     insert into label_queue_tally (delta) select sum(delta) from gone having count(*) > 0`,
    {},
  );
}

/** A queued product as the queue page lists it. */
export type QueuedLabel = {
  productId: number;
  name: string;
  sku: string;
  reasons: LabelReason[];
  queuedAt: string;
};

/** The queue, the latest first, a page at a time; with `search`, the products whose name or SKU holds it. */
export async function listQueuedLabels(
  options: { limit: number; offset: number; search?: string },
  db: EntityManager = em(),
): Promise<QueuedLabel[]> {
  const { rows } = await namedSql<QueuedLabel & { queuedAt: Date | string }>(
    db,
    `select q.product_id as "productId", p.name, p.sku, q.reasons, q.queued_at as "queuedAt"
       from label_queue q join product p on p.id = q.product_id
      where :pattern::text is null or p.name ilike :pattern or p.sku ilike :pattern
      order by q.queued_at desc, q.product_id
      limit :limit offset :offset`,
    {
      limit: options.limit,
      offset: options.offset,
      pattern: options.search ? containsPattern(options.search) : null,
    },
  );
  return rows.map((row) => ({ ...row, queuedAt: new Date(row.queuedAt).toISOString() }));
}

/**
 * Records a print, in the caller's transaction: who printed which products' labels (with the price
 * each showed) on which layout, and takes the products off the queue (unless `unqueue` is false: a
 * print for a later day, whose labels do not replace the shelf's yet). Returns the print's id.
 */
export async function recordLabelPrint(
  tx: EntityManager,
  print: {
    userId: number | null;
    layout: string;
    language: string;
    products: readonly { productId: number; price: string }[];
    unqueue?: boolean;
  },
): Promise<number> {
  const ids = print.products.map((product) => product.productId);
  // The products first, in id order, as the product write path locks them (which then queues
  // labels): taking the queue's rows first and the products' last (the lines' foreign keys) would
  // deadlock with a price change of a queued product at the same moment.
  await namedSql(tx, "select 1 from product where id = any(:ids::int[]) order by id for key share", { ids });
  const { rows } = await namedSql<{ id: number }>(
    tx,
    `with print as (
       insert into label_print (created_at, user_id, layout, language, count)
       values (now(), :userId, :layout, :language, :count) returning id
     ), lines as (
       insert into label_print_line (print_id, product_id, price)
       select print.id, x.product_id, x.price
         from print, unnest(:ids::int[], :prices::numeric[]) as x(product_id, price)
     ), unqueued as (
       delete from label_queue where :unqueue::boolean and product_id = any(:ids::int[])
     )
     select id from print`,
    {
      userId: print.userId,
      layout: print.layout,
      language: print.language,
      count: print.products.length,
      ids,
      prices: print.products.map((product) => product.price),
      unqueue: print.unqueue ?? true,
    },
  );
  return rows[0].id;
}
