import { defineEntity, p } from "@mikro-orm/core";
import { AutomationRule } from "~/models/automation/automation.entity";
import { Campaign } from "~/models/campaign/campaign.entity";
import { Location } from "~/models/location/location.entity";
import { Product } from "~/models/product/product.entity";
import { createdAt } from "~/models/timestamps";

export const ALERT_TYPES = ["low_stock", "low_margin", "price_change", "product_status", "campaign"] as const;
export type AlertType = (typeof ALERT_TYPES)[number];

export const Alert = defineEntity({
  name: "Alert",
  tableName: "alert",
  // At most one unread alert per (type, product, rule, location): raising it again while unread
  // brings that one up to date. A rule's alert is its own, beside the shop-wide one of the same
  // type; so is a location's low stock (issue #32) beside the total's.
  indexes: [
    {
      name: "alert_unread_unique",
      expression:
        "create unique index alert_unread_unique on alert (type, product_id, coalesce(rule_id, 0), coalesce(location_id, 0)) where is_read = false",
    },
    // The list's order, newest first: of all alerts, and of the unread or the read ones (which also
    // counts the unread alerts every page shows).
    { name: "alert_created_at_index", properties: ["createdAt", "id"] },
    { name: "alert_is_read_created_at_index", properties: ["isRead", "createdAt", "id"] },
  ],
  properties: {
    id: p.integer().primary().autoincrement(),
    type: p.string().length(30),
    title: p.string().length(255),
    message: p.text(),
    product: p.manyToOne(Product).nullable().deleteRule("cascade").index(),
    /** The automation rule that raised it, if one did. */
    rule: p.manyToOne(AutomationRule).nullable().deleteRule("set null").index(),
    campaign: p.manyToOne(Campaign).nullable().deleteRule("cascade").index(),
    /** The location whose stock it is about (issue #32: low stock there); null: the product's total. */
    location: p.manyToOne(Location).nullable().deleteRule("cascade").index(),
    /** What the alert is about, for its text in the reader's language (alert-text.ts). */
    data: p.json<Record<string, unknown>>().columnType("jsonb").nullable(),
    /** Set for an alert that must be raised once only (a campaign's start on its day). */
    dedupeKey: p.string().length(100).nullable().unique(),
    isRead: p.boolean().default(false),
    createdAt: createdAt(),
  },
});
