import { defineEntity, p } from "@mikro-orm/core";
import { Campaign } from "~/models/campaign/campaign.entity";
import { PriceBatch } from "~/models/price-batch/price-batch.entity";
import { Product } from "~/models/product/product.entity";
import { createdAt, money } from "~/models/timestamps";
import { User } from "~/models/user/user.entity";
import { PRICE_SOURCES } from "./price-source";

/**
 * The price log (issue #29), in the spec's `price_history` table: every change of what a product
 * costs a customer, append-only. A row says what a customer pays from `at` on (`price`, VAT
 * included: the selling price, or a campaign's price while one runs), what they paid before, and
 * the facts its margin was computed from. A change of the purchase price, VAT rate or VAT basis is
 * a row too (its price unchanged). The prior price of a reduction is read from it
 * (prior-price.ts). Rows are never changed, and nothing prunes them; a product's rows go only with
 * the product (deleteProduct, for a product that never moved stock).
 *
 * The spec's columns (purchase price, selling price, margin, changed by, created at) keep their
 * meaning; rows written before the log (`source` "history") have no before-price, VAT facts or
 * campaign: the price history did not record them.
 */
export const PriceHistory = defineEntity({
  name: "PriceHistory",
  tableName: "price_history",
  indexes: [
    // A product's log in time order: its chart and table, the prior price, the latest row.
    {
      name: "price_history_product_at_index",
      expression: "create index price_history_product_at_index on price_history (product_id, at, id)",
    },
  ],
  properties: {
    id: p.integer().primary().autoincrement(),
    product: p.manyToOne(Product).deleteRule("cascade"),
    /** From when the price was in force: the change's moment, or a campaign day's first moment. */
    at: p.datetime().columnType("timestamptz"),
    /** What a customer paid just before (VAT included); null on a product's first row. */
    priceBefore: money().nullable(),
    /** What a customer pays from `at` on, VAT included. */
    price: money(),
    /** The price is a campaign's reduced price. */
    reduced: p.boolean().default(false),
    campaign: p.manyToOne(Campaign).nullable().deleteRule("set null"),
    /** The product's own (regular) selling price, VAT included. */
    sellingPrice: money(),
    purchasePrice: money(),
    vatInclusive: p.boolean().nullable(),
    vatRate: p.decimal("string").precision(5).scale(2).nullable(),
    // The margin at `price`, rounded once as the product shows it; as wide as the product's own
    // margin_percent (a price far below cost gives margins down to about -2,000,000,000,000 %).
    margin: p.decimal("string").precision(15).scale(2),
    source: p.enum([...PRICE_SOURCES]),
    changedBy: p.manyToOne(User).nullable().deleteRule("set null"),
    /**
     * The bulk repricing batch that wrote the row, when one did (its column keeps the name it had
     * as a plain number). Batches are never deleted: a row's batch stays.
     */
    batch: p.manyToOne(PriceBatch).fieldName("batch").nullable().deleteRule("no action").index(),
    createdAt: createdAt(),
  },
});
