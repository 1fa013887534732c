import { defineEntity, p } from "@mikro-orm/core";
import { Category } from "~/models/category/category.entity";
import { Location } from "~/models/location/location.entity";
import { Product } from "~/models/product/product.entity";
import { SERIAL_STATES } from "~/models/serial/serial-state";
import { createdAt } from "~/models/timestamps";
import { User } from "~/models/user/user.entity";
import { COUNT_SCOPES, COUNT_STATUSES } from "./stock-count";

const moment = () => p.datetime().columnType("timestamptz").nullable();

/**
 * A stock count (issue #15 item 5): its scope (the whole shop, a category with its subcategories,
 * or a shelf, each optionally only the products not counted for `notCountedDays`), its lines, and
 * how it ended. Numbered IC-2026-000012 from `document_number` (kind "IC"), as orders are.
 */
export const StockCount = defineEntity({
  name: "StockCount",
  tableName: "stock_count",
  indexes: [{ name: "stock_count_created_at_index", properties: ["createdAt", "id"] }],
  checks: [
    // A shelf count names its shelf; the others none.
    { name: "stock_count_shelf_check", expression: "(scope = 'shelf') = (shelf is not null)" },
    {
      name: "stock_count_days_check",
      expression: "not_counted_days is null or (not_counted_days >= 1 and not_counted_days <= 3650)",
    },
  ],
  properties: {
    id: p.integer().primary().autoincrement(),
    number: p.string().length(20).unique(),
    scope: p.enum([...COUNT_SCOPES]),
    /**
     * Where it counts (issue #32): its lines expect the stock there, its commit moves only that
     * location's, a shelf scope matches the shelf there. A location with counts is not deleted.
     */
    location: p.manyToOne(Location).deleteRule("no action").index(),
    /** A category count's category; null once the category is deleted (it had no products then). */
    category: p.manyToOne(Category).nullable().deleteRule("set null").index(),
    /** A shelf count's shelf, matched to the products' shelf at the count's location in any letter case. */
    shelf: p.string().length(50).nullable(),
    /** Only the products not counted in this many days before the count began (or never). */
    notCountedDays: p.smallint().nullable(),
    status: p
      .enum([...COUNT_STATUSES])
      .default("open")
      .index(),
    /** The commit's choice: whether the products in scope nobody counted were set to zero. */
    zeroUncounted: p.boolean().nullable(),
    note: p.text().nullable(),
    createdBy: p.manyToOne(User).nullable().deleteRule("set null"),
    createdAt: createdAt(),
    committedAt: moment(),
    committedBy: p.manyToOne(User).nullable().deleteRule("set null"),
    cancelledAt: moment(),
    /**
     * Raised by each change of the count itself (its commit, its cancelling); its lines' scans and
     * removals leave it, so that they run side by side (locked.server.ts).
     */
    version: p.integer().version(),
  },
});

/**
 * A product counted in a count, or a code nobody knows (product null, the code kept), summed over
 * its scans. `expected` is the product's stock when the line was last counted: the commit moves
 * stock by counted - expected, so sales recorded after the line was counted are kept.
 */
export const StockCountLine = defineEntity({
  name: "StockCountLine",
  tableName: "stock_count_line",
  indexes: [
    // One line per product per count (scans add to it; the upsert's conflict target).
    {
      name: "stock_count_line_product_unique",
      expression:
        "create unique index stock_count_line_product_unique on stock_count_line (count_id, product_id)",
    },
    // One line per unknown code per count, in any letter case.
    {
      name: "stock_count_line_code_unique",
      expression:
        "create unique index stock_count_line_code_unique on stock_count_line (count_id, lower(code)) where product_id is null",
    },
  ],
  checks: [
    { name: "stock_count_line_counted_check", expression: "counted >= 0 and counted <= 100000" },
    {
      name: "stock_count_line_known_check",
      expression:
        "(product_id is not null and expected is not null) or (product_id is null and code is not null)",
    },
  ],
  properties: {
    id: p.integer().primary().autoincrement(),
    count: p.manyToOne(StockCount).deleteRule("cascade"),
    // A deleted product leaves no line behind (its movements keep what the count moved).
    product: p.manyToOne(Product).nullable().deleteRule("cascade").index(),
    /** The code as scanned or typed, for a line no product has. */
    code: p.string().length(100).nullable(),
    counted: p.integer(),
    /** The product's stock when the line was last counted. */
    expected: p.integer().nullable(),
    /** The difference at cost (purchase price excl. VAT), kept by the commit; computed while open. */
    valueDifference: p.decimal("string").precision(14).scale(2).nullable(),
    countedAt: p.datetime().columnType("timestamptz").defaultRaw("now()"),
    countedBy: p.manyToOne(User).nullable().deleteRule("set null"),
  },
});

/**
 * A serial on the count line of a serial-tracked product (issue #31): scanned on the shelf, or,
 * written by the commit, `missing` (a unit in stock nobody scanned, written off). `unitState` is
 * what the commit found the serial's unit in (null: unknown to the shop, or the count not yet
 * committed), so a committed count reads as it was, whatever its units did since.
 */
export const StockCountSerial = defineEntity({
  name: "StockCountSerial",
  tableName: "stock_count_serial",
  // One serial once per line; the index also serves reading a line's serials.
  uniques: [{ name: "stock_count_serial_line_serial_unique", properties: ["line", "serial"] }],
  checks: [
    { name: "stock_count_serial_serial_check", expression: "serial = btrim(serial) and serial <> ''" },
  ],
  properties: {
    id: p.integer().primary().autoincrement(),
    line: p.manyToOne(StockCountLine).deleteRule("cascade"),
    serial: p.string().length(100),
    missing: p.boolean().default(false),
    unitState: p.enum([...SERIAL_STATES]).nullable(),
  },
});
