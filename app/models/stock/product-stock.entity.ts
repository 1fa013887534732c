import { defineEntity, p } from "@mikro-orm/core";
import { Location } from "~/models/location/location.entity";
import { Product } from "~/models/product/product.entity";

/**
 * A product's stock in one location (issue #32): the running sum of its movements there, kept by
 * the ledger's write path (`moveStock` in stock-ledger.server.ts) in the same transaction as the
 * movement and the product's total (`product.stock_level`, the sum over its locations; a deferred
 * constraint trigger checks the sum at every commit, see the migration). A row exists once stock
 * has moved there, a point or shelf was set there, or a count counted it there. It also holds what is per place: the reorder
 * point there (null: the product's point applies to its total only) and the shelf text there.
 */
export const ProductStock = defineEntity({
  name: "ProductStock",
  tableName: "product_stock",
  uniques: [{ name: "product_stock_product_location_unique", properties: ["product", "location"] }],
  indexes: [
    // A location's stock screens (filter by location): its rows by product.
    {
      name: "product_stock_location_index",
      expression:
        "create index product_stock_location_index on product_stock (location_id, product_id) include (quantity)",
    },
    // A location's low stock, fewest first (its low-stock tab, and its alerts' list).
    {
      name: "product_stock_location_quantity_index",
      expression:
        "create index product_stock_location_quantity_index on product_stock (location_id, quantity, product_id)",
    },
    // A stock count of one shelf finds the products on that shelf at its location, in any letter case.
    {
      name: "product_stock_shelf_lower_index",
      expression:
        "create index product_stock_shelf_lower_index on product_stock (location_id, lower(shelf)) where shelf is not null",
    },
    // The To reorder list by location (reorder.server.ts): a location's rows at or under their own
    // point, by how far above it they are; and the same across every location.
    {
      name: "product_stock_reorder_index",
      expression:
        "create index product_stock_reorder_index on product_stock (location_id, (quantity - reorder_point)) include (product_id, quantity, reorder_point) where reorder_point is not null",
    },
    {
      name: "product_stock_reorder_all_index",
      expression:
        "create index product_stock_reorder_all_index on product_stock ((quantity - reorder_point)) include (product_id, location_id, quantity, reorder_point) where reorder_point is not null",
    },
  ],
  checks: [
    // No location ever holds less than nothing, whatever the reason (the write path refuses first).
    { name: "product_stock_quantity_check", expression: "quantity >= 0" },
    {
      name: "product_stock_reorder_point_check",
      expression: "reorder_point >= 0 and reorder_point <= 999999999",
    },
  ],
  properties: {
    id: p.integer().primary().autoincrement(),
    // Goes with its product (deleteProducts refuses a product whose stock has moved).
    product: p.manyToOne(Product).deleteRule("cascade"),
    // A location holding stock is not deleted (deleteLocation refuses): no cascade.
    location: p.manyToOne(Location).deleteRule("no action"),
    quantity: p.integer().default(0),
    /** Reorder here at this quantity or under; null: only the product's point, on its total. */
    reorderPoint: p.integer().nullable(),
    /** Where it is kept in this location: a shelf or bin ("A-12"). */
    shelf: p.string().length(50).nullable(),
    /**
     * When a committed stock count last counted it here (a count is of one location): a count's
     * "not counted for N days" reads it. The product's own last_counted_at is the latest anywhere.
     */
    lastCountedAt: p.datetime().columnType("timestamptz").nullable(),
  },
});
