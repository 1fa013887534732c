import { defineEntity, p } from "@mikro-orm/core";
import { Product } from "~/models/product/product.entity";
import { createdAt } from "~/models/timestamps";

export const ALERT_TYPES = ["low_stock", "low_margin", "product_status", "campaign"] as const;
export type AlertType = (typeof ALERT_TYPES)[number];

export const Alert = defineEntity({
  name: "Alert",
  tableName: "alert",
  // At most one unread alert per (type, product): raising it again while unread changes nothing.
  indexes: [
    {
      name: "alert_unread_unique",
      expression: "create unique index alert_unread_unique on alert (type, product_id) where is_read = false",
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
    isRead: p.boolean().default(false),
    createdAt: createdAt(),
  },
});
