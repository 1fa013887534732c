import type { EntityManager } from "@mikro-orm/postgresql";
import { em } from "~/utils/db.server";
import { env } from "~/utils/env.server";
import { Alert, type AlertType } from "./alert.entity";
import { calculateMargin, LOW_MARGIN_BELOW } from "./margin";

export async function countUnreadAlerts(): Promise<number> {
  return em().count(Alert, { isRead: false });
}

type AlertInput = { type: AlertType; title: string; message: string; productId: number | null };

/**
 * Raises an alert; if the same (type, product) is still unread, that one is brought up to date
 * instead (the partial unique index keeps it to one).
 */
export async function raiseAlert(tx: EntityManager, alert: AlertInput) {
  await tx.execute(
    `insert into alert (type, title, message, product_id) values (?, ?, ?, ?)
     on conflict (type, product_id) where is_read = false
     do update set title = excluded.title, message = excluded.message, created_at = now()`,
    [alert.type, alert.title, alert.message, alert.productId],
  );
}

export type ProductState = {
  id: number;
  name: string;
  sku: string;
  stockLevel: number;
  status: string;
  purchasePrice: string;
  sellingPrice: string;
  vatInclusive: boolean;
};

/**
 * The alerts a product change raises (DECISIONS.md): low_stock when the stock falls to the
 * threshold or below, low_margin when the margin falls under 10 %, product_status when the
 * status changes. `before` is null for a new product.
 */
export async function raiseProductAlerts(
  tx: EntityManager,
  before: ProductState | null,
  after: ProductState,
) {
  const threshold = env().LOW_STOCK_THRESHOLD;
  const label = `${after.name} (${after.sku})`;
  if (after.stockLevel <= threshold && (!before || before.stockLevel > threshold)) {
    await raiseAlert(tx, {
      type: "low_stock",
      title: "Low stock",
      message: `${label} has ${after.stockLevel} in stock (threshold ${threshold}).`,
      productId: after.id,
    });
  }
  const margin = (p: ProductState) => calculateMargin({ ...p, vatRate: env().VAT_RATE });
  const now = margin(after);
  if (now.marginCategory === "low" && (!before || margin(before).marginCategory !== "low")) {
    await raiseAlert(tx, {
      type: "low_margin",
      title: "Low margin",
      message: `${label} has a margin of ${now.marginPercentage.toFixed(1)} %, under ${LOW_MARGIN_BELOW} %.`,
      productId: after.id,
    });
  }
  if (before && before.status !== after.status) {
    await raiseAlert(tx, {
      type: "product_status",
      title: "Product status changed",
      message: `${label} changed from ${before.status} to ${after.status}.`,
      productId: after.id,
    });
  }
}
