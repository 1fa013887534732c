import { defineEntity, p } from "@mikro-orm/core";

/**
 * The stock's value at the end of each shop day (issue #14 item 5): written at 23:55 shop time by a
 * job from the kept catalogue totals, and for today by the sales report when it finds no row yet.
 * One row per day: a later write of the same day replaces it.
 */
export const StockValueSnapshot = defineEntity({
  name: "StockValueSnapshot",
  tableName: "stock_value_snapshot",
  properties: {
    /** the shop's calendar day */
    day: p.date().primary(),
    /** selling price (including VAT) x stock */
    valueAtPrice: p.decimal("string").precision(20).scale(2),
    /** purchase price excluding VAT x stock */
    valueAtCost: p.decimal("string").precision(20).scale(2),
    /** units in stock */
    units: p.bigint("number"),
    /** products in the catalogue */
    products: p.integer(),
    /** when the row was last written */
    takenAt: p
      .datetime()
      .columnType("timestamptz")
      .defaultRaw("now()")
      .onCreate(() => new Date()),
  },
});
