import { defineEntity, p } from "@mikro-orm/core";
import { Location } from "~/models/location/location.entity";
import { Product } from "~/models/product/product.entity";
import { createdAt } from "~/models/timestamps";
import { User } from "~/models/user/user.entity";
import { REASON_DIRECTION_SQL, STOCK_REASONS } from "./stock-reason";

/**
 * The stock movement ledger (issue #15): every change of a product's stock is a row, and the
 * product's `stock_level` is their running sum, kept by the product's write path (`changeStock`
 * in stock-ledger.server.ts) in the same transaction. Rows are never changed or deleted, except a
 * product's opening row when the product itself is deleted (deleteProduct).
 */
export const StockMovement = defineEntity({
  name: "StockMovement",
  tableName: "stock_movement",
  indexes: [
    // The product page's ledger, newest first, a page at a time.
    {
      name: "stock_movement_product_created_index",
      expression:
        "create index stock_movement_product_created_index on stock_movement (product_id, created_at desc, id desc)",
    },
    // A location's ledger, and the check that a location to delete has none.
    {
      name: "stock_movement_location_created_index",
      expression:
        "create index stock_movement_location_created_index on stock_movement (location_id, created_at desc, id desc)",
    },
  ],
  checks: [
    { name: "stock_movement_quantity_check", expression: "quantity <> 0" },
    // The running level never goes below zero, whatever the reason (the write path refuses first).
    { name: "stock_movement_stock_after_check", expression: "stock_after >= 0" },
    { name: "stock_movement_location_stock_after_check", expression: "location_stock_after >= 0" },
    { name: "stock_movement_direction_check", expression: REASON_DIRECTION_SQL },
  ],
  properties: {
    id: p.integer().primary().autoincrement(),
    // A product with a ledger is not deleted with it (deleteProduct refuses): no cascade.
    product: p.manyToOne(Product).deleteRule("no action"),
    /** Signed: what came in (+) or went out (-). */
    quantity: p.integer(),
    reason: p.enum([...STOCK_REASONS]),
    /** The stock level after this movement: the running sum, for the chart and as a check. */
    stockAfter: p.integer(),
    /** Where it moved (issue #32); a location with a ledger is not deleted (deleteLocation refuses). */
    location: p.manyToOne(Location).deleteRule("no action"),
    /** The product's stock in that location after this movement: the running sum there. */
    locationStockAfter: p.integer(),
    user: p.manyToOne(User).nullable().deleteRule("set null").index(),
    note: p.text().nullable(),
    /** What the movement belongs to, e.g. the order number of a sale or a return. */
    reference: p.string().length(100).nullable(),
    createdAt: createdAt(),
  },
});
