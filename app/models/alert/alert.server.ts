import type { InferEntity } from "@mikro-orm/core";
import type { EntityManager } from "@mikro-orm/postgresql";
import { em } from "~/infra/db.server";
import { env } from "~/infra/env.server";
import { ruleAlerts } from "~/models/automation/automation.server";
import { LOW_MARGIN_BELOW } from "~/models/margin";
import { queueAlertEmails } from "~/models/notification/notification.server";
import type { Product } from "~/models/product/product.entity";
import { Alert, type AlertType } from "./alert.entity";
import type { AlertInput, PlaceChange, ProductChange } from "./alert-input";
import { UNREAD_BADGE_LIMIT } from "./unread-badge";

export type { AlertInput, PlaceChange, ProductChange, ProductState, RaisedAlert } from "./alert-input";

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
  /** the facts it was raised with, for its text in the reader's language (alert-text.ts) */
  data: Record<string, unknown> | null;
  ruleId: number | null;
  isRead: boolean;
  createdAt: string;
};

type AlertData = Pick<
  InferEntity<typeof Alert>,
  "id" | "type" | "title" | "message" | "isRead" | "createdAt" | "data"
> & {
  rule: number | null;
  product: Pick<
    InferEntity<typeof Product>,
    "id" | "name" | "stockLevel" | "status" | "marginPercent"
  > | null;
};

/** The alerts list's query, as the page and the API run it: newest first; `isRead` filters when given. */
export function alertListQuery(
  { isRead, limit = 100, offset = 0 }: { isRead?: boolean; limit?: number; offset?: number } = {},
  db: EntityManager = em(),
) {
  const qb = db
    .createQueryBuilder(Alert, "a")
    .select(["id", "type", "title", "message", "isRead", "createdAt", "data", "rule"])
    .leftJoinAndSelect("a.product", "p", {}, ["name", "stockLevel", "status", "marginPercent"])
    .orderBy([{ createdAt: "desc" }, { id: "desc" }])
    .limit(limit)
    .offset(offset);
  if (isRead !== undefined) qb.where({ isRead });
  return qb;
}

/** Alerts, newest first; `isRead` filters when given. */
export async function listAlerts(
  filters: { isRead?: boolean; limit?: number; offset?: number } = {},
): Promise<AlertRow[]> {
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
    data: alert.data ?? null,
    ruleId: alert.rule ?? null,
    isRead: alert.isRead,
    createdAt: alert.createdAt.toISOString(),
  }));
}

/** The alert history (/notifications, GET /api/notifications): a page of alerts and their total. */
export async function listAlertHistory(filters: {
  unread?: boolean;
  limit: number;
  offset: number;
}): Promise<{ alerts: AlertRow[]; total: number }> {
  const isRead = filters.unread ? false : undefined;
  const count = em().createQueryBuilder(Alert, "a").count();
  if (isRead !== undefined) count.where({ isRead });
  const [alerts, total] = await Promise.all([
    listAlerts({ isRead, limit: filters.limit, offset: filters.offset }),
    count.execute<{ count: string | number }>("get"),
  ]);
  return { alerts, total: Number(total.count) };
}

/** Marks these alerts read (all unread ones when `ids` is "all"); returns how many changed. */
export async function markAlertsRead(ids: number[] | "all"): Promise<number> {
  if (ids !== "all" && ids.length === 0) return 0;
  return em().nativeUpdate(Alert, ids === "all" ? { isRead: false } : { id: { $in: ids }, isRead: false }, {
    isRead: true,
  });
}

/** Dismissing deletes the alert (spec section 4). False when there was none. */
export async function dismissAlert(id: number): Promise<boolean> {
  return (await em().nativeDelete(Alert, { id })) > 0;
}

/**
 * Raises alerts in one statement; where the same (type, product, rule) is still unread, that one
 * is brought up to date instead (the partial unique index keeps it to one). The users who asked
 * to be told get their e-mail in the same transaction (the outbox).
 */
/** An alert's columns, in the order both inserts below name them. */
const ALERT_COLUMNS = "type, title, message, product_id, rule_id, campaign_id, location_id, data";
const ALERT_VALUES = "(?, ?, ?, ?, ?, ?, ?, ?::jsonb)";
function alertValues(alert: AlertInput) {
  return [
    alert.type,
    alert.title,
    alert.message,
    alert.productId,
    alert.ruleId ?? null,
    alert.campaignId ?? null,
    alert.locationId ?? null,
    JSON.stringify(alert.data ?? {}),
  ];
}

export async function raiseAlerts(tx: EntityManager, alerts: AlertInput[]) {
  if (alerts.length === 0) return;
  const rows = await tx.execute<{ id: number; type: AlertType; product_id: number | null; data: unknown }[]>(
    `insert into alert (${ALERT_COLUMNS})
     values ${alerts.map(() => ALERT_VALUES).join(", ")}
     on conflict (type, product_id, coalesce(rule_id, 0), coalesce(location_id, 0)) where is_read = false
     do update set title = excluded.title, message = excluded.message, data = excluded.data, created_at = now()
     returning id, type, product_id, data`,
    alerts.flatMap(alertValues),
  );
  await queueAlertEmails(
    tx,
    rows.map((row) => ({
      id: row.id,
      type: row.type,
      productId: row.product_id,
      data: (row.data ?? {}) as Record<string, unknown>,
    })),
  );
}

/**
 * Raises an alert that must exist once only, whoever raises it how often (a campaign's start on
 * its day, by one of several server processes): `dedupeKey` names it. False when it already was.
 */
export async function raiseAlertOnce(tx: EntityManager, alert: AlertInput & { dedupeKey: string }) {
  const rows = await tx.execute<{ id: number }[]>(
    `insert into alert (${ALERT_COLUMNS}, dedupe_key)
     values (?, ?, ?, ?, ?, ?, ?, ?::jsonb, ?)
     on conflict (dedupe_key) do nothing
     returning id`,
    [...alertValues(alert), alert.dedupeKey],
  );
  if (rows.length === 0) return false;
  await queueAlertEmails(tx, [
    { id: rows[0].id, type: alert.type, productId: alert.productId, data: alert.data ?? {} },
  ]);
  return true;
}

/**
 * The alerts product changes raise (DECISIONS.md): low_stock when the stock falls to the
 * threshold or below, low_margin when the stored margin falls under 10 %, product_status when the
 * status changes; then those of the active automation rules. `before` is null for a new product.
 * One statement for all of them.
 */
export async function raiseProductAlerts(
  tx: EntityManager,
  changes: ProductChange[],
  places: PlaceChange[] = [],
) {
  await raiseAlerts(tx, [
    ...shopAlerts(changes),
    ...(await placeAlerts(tx, places)),
    ...(await ruleAlerts(tx, changes)),
  ]);
}

/**
 * Low stock in one location (issue #32): a location's stock that falls to its own reorder point
 * there or under it (from above) raises a low_stock alert naming the location, its own beside the
 * total's (the unread one per product and location is brought up to date). A location without a
 * point of its own raises none: the product's point and the threshold apply to its total.
 */
async function placeAlerts(tx: EntityManager, places: PlaceChange[]): Promise<AlertInput[]> {
  const crossed = places.filter(
    (place) => place.point !== null && place.after <= place.point && place.before > place.point,
  );
  if (crossed.length === 0) return [];
  const names = new Map(
    (
      await tx.execute<{ id: number; name: string }[]>("select id, name from location where id in (?)", [
        [...new Set(crossed.map((place) => place.locationId))],
      ])
    ).map((row) => [row.id, row.name]),
  );
  return crossed.map((place) => {
    const location = names.get(place.locationId) ?? "";
    return {
      type: "low_stock",
      title: "Low stock",
      message: `${place.name} (${place.sku}) has ${place.after} in stock in ${location} (reorder point ${place.point}).`,
      productId: place.productId,
      locationId: place.locationId,
      data: {
        name: place.name,
        sku: place.sku,
        stock: place.after,
        threshold: place.point,
        location,
        locationId: place.locationId,
      },
    };
  });
}

function shopAlerts(changes: ProductChange[]): AlertInput[] {
  const threshold = env().LOW_STOCK_THRESHOLD;
  const alerts: AlertInput[] = [];
  for (const { before, after } of changes) {
    const label = `${after.name} (${after.sku})`;
    const product = { name: after.name, sku: after.sku };
    if (after.stockLevel <= threshold && (!before || before.stockLevel > threshold)) {
      alerts.push({
        type: "low_stock",
        title: "Low stock",
        message: `${label} has ${after.stockLevel} in stock (threshold ${threshold}).`,
        productId: after.id,
        data: { ...product, stock: after.stockLevel, threshold },
      });
    }
    if (after.marginCategory === "low" && before?.marginCategory !== "low") {
      alerts.push({
        type: "low_margin",
        title: "Low margin",
        message: `${label} has a margin of ${after.margin.toFixed(1)} %, under ${LOW_MARGIN_BELOW} %.`,
        productId: after.id,
        data: { ...product, margin: after.margin, below: LOW_MARGIN_BELOW },
      });
    }
    if (before && before.status !== after.status) {
      alerts.push({
        type: "product_status",
        title: "Product status changed",
        message: `${label} changed from ${before.status} to ${after.status}.`,
        productId: after.id,
        data: { ...product, from: before.status, to: after.status },
      });
    }
  }
  return alerts;
}
