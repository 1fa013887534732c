import type { EntityManager } from "@mikro-orm/postgresql";
import { LOW_MARGIN_BELOW, type MarginCategory } from "~/models/margin";
import { em } from "~/utils/db.server";
import { env } from "~/utils/env.server";
import { toIso } from "~/utils/sql.server";
import { Alert, type AlertType } from "./alert.entity";

export async function countUnreadAlerts(): Promise<number> {
  return em().count(Alert, { isRead: false });
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

/** Alerts, newest first; `isRead` filters when given. */
export async function listAlerts({
  isRead,
  limit = 100,
}: {
  isRead?: boolean;
  limit?: number;
} = {}): Promise<AlertRow[]> {
  const rows = await em().execute<
    {
      id: number;
      type: string;
      title: string;
      message: string;
      product_id: number | null;
      product_name: string | null;
      stock_level: number | null;
      status: string | null;
      margin: string | null;
      is_read: boolean;
      created_at: Date | string;
    }[]
  >(
    `select a.id, a.type, a.title, a.message, a.product_id, p.name as product_name, p.stock_level, p.status,
       p.margin_percent as margin, a.is_read, a.created_at
     from alert a left join product p on p.id = a.product_id
     ${isRead === undefined ? "" : "where a.is_read = ?"}
     order by a.created_at desc, a.id desc limit ?`,
    isRead === undefined ? [limit] : [isRead, limit],
  );
  return rows.map((r) => ({
    id: r.id,
    type: r.type,
    title: r.title,
    message: r.message,
    productId: r.product_id,
    productName: r.product_name,
    productStock: r.stock_level,
    productStatus: r.status,
    productMargin: r.margin === null ? null : Number(r.margin),
    isRead: r.is_read,
    createdAt: toIso(r.created_at),
  }));
}

/** Dismissing deletes the alert (spec section 4). False when there was none. */
export async function dismissAlert(id: number): Promise<boolean> {
  const rows = await em().execute<unknown[]>("delete from alert where id = ? returning id", [id]);
  return rows.length > 0;
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
