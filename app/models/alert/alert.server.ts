import type { InferEntity } from "@mikro-orm/core";
import type { EntityManager } from "@mikro-orm/postgresql";
import { LOW_MARGIN_BELOW, type MarginCategory } from "~/models/margin";
import type { Product } from "~/models/product/product.entity";
import { em } from "~/utils/db.server";
import { env } from "~/utils/env.server";
import { Alert, type AlertType } from "./alert.entity";
import { UNREAD_BADGE_LIMIT } from "./unread-badge";

/**
 * The unread alerts' count, the badge of every page, counted up to UNREAD_BADGE_LIMIT (a page
 * view never walks thousands of alerts): its query, for the EXPLAIN test.
 */
export function unreadAlertCountQuery(db: EntityManager = em()) {
  const unread = db
    .createQueryBuilder(Alert, "a")
    .select("a.id")
    .where({ isRead: false })
    .limit(UNREAD_BADGE_LIMIT);
  return db.createQueryBuilder(unread, "u").count();
}

/** The unread alerts, counted up to UNREAD_BADGE_LIMIT. */
export async function countUnreadAlerts(): Promise<number> {
  const row = await unreadAlertCountQuery().execute<{ count: string | number }>("get");
  return Number(row.count);
}

export type AlertRow = {
  id: number;
  type: string;
  title: string;
  message: string;
  productId: number | null;
  productName: string | null;
  /** the product as it is now, for messages in the reader's language */
  productStock: number | null;
  productStatus: string | null;
  productMargin: number | null;
  isRead: boolean;
  createdAt: string;
};

type AlertData = Pick<
  InferEntity<typeof Alert>,
  "id" | "type" | "title" | "message" | "isRead" | "createdAt"
> & {
  product: Pick<
    InferEntity<typeof Product>,
    "id" | "name" | "stockLevel" | "status" | "marginPercent"
  > | null;
};

/** The alerts list's query, as the page and the API run it: newest first; `isRead` filters when given. */
export function alertListQuery(
  { isRead, limit = 100 }: { isRead?: boolean; limit?: number } = {},
  db: EntityManager = em(),
) {
  const qb = db
    .createQueryBuilder(Alert, "a")
    .select(["id", "type", "title", "message", "isRead", "createdAt"])
    .leftJoinAndSelect("a.product", "p", {}, ["name", "stockLevel", "status", "marginPercent"])
    .orderBy([{ createdAt: "desc" }, { id: "desc" }])
    .limit(limit);
  if (isRead !== undefined) qb.where({ isRead });
  return qb;
}

/** Alerts, newest first; `isRead` filters when given. */
export async function listAlerts(filters: { isRead?: boolean; limit?: number } = {}): Promise<AlertRow[]> {
  const rows = await alertListQuery(filters).execute<AlertData[]>();
  return rows.map(({ product, ...alert }) => ({
    id: alert.id,
    type: alert.type,
    title: alert.title,
    message: alert.message,
    productId: product?.id ?? null,
    productName: product?.name ?? null,
    productStock: product?.stockLevel ?? null,
    productStatus: product?.status ?? null,
    productMargin: product ? Number(product.marginPercent) : null,
    isRead: alert.isRead,
    createdAt: alert.createdAt.toISOString(),
  }));
}

/** Dismissing deletes the alert (spec section 4). False when there was none. */
export async function dismissAlert(id: number): Promise<boolean> {
  return (await em().nativeDelete(Alert, { id })) > 0;
}

type AlertInput = { type: AlertType; title: string; message: string; productId: number | null };

/**
 * Raises alerts in one statement; where the same (type, product) is still unread, that one is
 * brought up to date instead (the partial unique index keeps it to one).
 */
export async function raiseAlerts(tx: EntityManager, alerts: AlertInput[]) {
  if (alerts.length === 0) return;
  await tx.execute(
    `insert into alert (type, title, message, product_id) values ${alerts.map(() => "(?, ?, ?, ?)").join(", ")}
     on conflict (type, product_id) where is_read = false
     do update set title = excluded.title, message = excluded.message, created_at = now()`,
    alerts.flatMap((alert) => [alert.type, alert.title, alert.message, alert.productId]),
  );
}

export async function raiseAlert(tx: EntityManager, alert: AlertInput) {
  await raiseAlerts(tx, [alert]);
}

export type ProductState = {
  id: number;
  name: string;
  sku: string;
  stockLevel: number;
  status: string;
  /** the stored margin and its category */
  margin: number;
  marginCategory: MarginCategory;
};

/**
 * The alerts product changes raise (DECISIONS.md): low_stock when the stock falls to the
 * threshold or below, low_margin when the stored margin falls under 10 %, product_status when the
 * status changes. `before` is null for a new product. One statement for all of them.
 */
export async function raiseProductAlerts(
  tx: EntityManager,
  changes: { before: ProductState | null; after: ProductState }[],
) {
  const threshold = env().LOW_STOCK_THRESHOLD;
  const alerts: AlertInput[] = [];
  for (const { before, after } of changes) {
    const label = `${after.name} (${after.sku})`;
    if (after.stockLevel <= threshold && (!before || before.stockLevel > threshold)) {
      alerts.push({
        type: "low_stock",
        title: "Low stock",
        message: `${label} has ${after.stockLevel} in stock (threshold ${threshold}).`,
        productId: after.id,
      });
    }
    if (after.marginCategory === "low" && before?.marginCategory !== "low") {
      alerts.push({
        type: "low_margin",
        title: "Low margin",
        message: `${label} has a margin of ${after.margin.toFixed(1)} %, under ${LOW_MARGIN_BELOW} %.`,
        productId: after.id,
      });
    }
    if (before && before.status !== after.status) {
      alerts.push({
        type: "product_status",
        title: "Product status changed",
        message: `${label} changed from ${before.status} to ${after.status}.`,
        productId: after.id,
      });
    }
  }
  await raiseAlerts(tx, alerts);
}
