/**
 * What a user can be told about (the rows of their notification settings): the alert types, and
 * the daily digest. Thresholds apply to the types that have one.
 */
export const NOTIFICATION_TYPES = [
  "low_stock",
  "low_margin",
  "price_change",
  "campaign",
  "product_status",
  "daily_digest",
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/** The threshold a user starts with (spec section 9), for the types that have one. */
export const DEFAULT_THRESHOLDS: Partial<Record<NotificationType, number>> = {
  low_stock: 10,
  low_margin: 10,
  price_change: 5,
};

export function hasThreshold(type: NotificationType): boolean {
  return DEFAULT_THRESHOLDS[type] !== undefined;
}
