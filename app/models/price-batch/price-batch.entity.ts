import { defineEntity, p } from "@mikro-orm/core";
import { Campaign } from "~/models/campaign/campaign.entity";
import { Product } from "~/models/product/product.entity";
import { createdAt, money } from "~/models/timestamps";
import { User } from "~/models/user/user.entity";
import { BATCH_SCOPES, BATCH_STATES, type ScopeFilters } from "./price-batch";
import { BATCH_RULES, ROUNDINGS } from "./reprice";

const moment = () => p.datetime().columnType("timestamptz").nullable();

/**
 * A bulk repricing batch (issue #29 item 3): the rule and its rounding, the products it was
 * chosen by, who previewed, applied or undid it and when, and its lines. The price log's rows
 * name the batch that wrote them (price_history.batch). An undo is a batch of its own (`undo`,
 * naming the batch it restores).
 */
export const PriceBatch = defineEntity({
  name: "PriceBatch",
  tableName: "price_batch",
  indexes: [{ name: "price_batch_created_at_index", properties: ["createdAt", "id"] }],
  checks: [
    { name: "price_batch_band_check", expression: "(rounding_from is null) = (rounding_above is null)" },
  ],
  properties: {
    id: p.integer().primary().autoincrement(),
    rule: p.enum([...BATCH_RULES]),
    /** The rule's percentage or euros, signed (0 for an undo). */
    value: p.decimal("string").precision(12).scale(2),
    rounding: p.enum([...ROUNDINGS]).default("none"),
    /** From this price incl. VAT up, `roundingAbove` instead of `rounding`. */
    roundingFrom: money().nullable(),
    roundingAbove: p.enum([...ROUNDINGS]).nullable(),
    scope: p.enum([...BATCH_SCOPES]),
    /** The /products filters of a `filters` batch. */
    filters: p.json<ScopeFilters>().columnType("jsonb").nullable(),
    campaign: p.manyToOne(Campaign).nullable().deleteRule("set null"),
    // The schema refers to itself, which TypeScript cannot infer: typed loosely here only.
    undoes: () =>
      p
        // biome-ignore lint/suspicious/noExplicitAny: self reference
        .manyToOne(PriceBatch as any)
        .nullable()
        .deleteRule("no action")
        .index(),
    state: p
      .enum([...BATCH_STATES])
      .default("preview")
      .index(),
    createdBy: p.manyToOne(User).nullable().deleteRule("set null"),
    createdAt: createdAt(),
    appliedAt: moment(),
    appliedBy: p.manyToOne(User).nullable().deleteRule("set null"),
    undoneAt: moment(),
    version: p.integer().version(),
  },
});

/**
 * A product of a batch: its prices and margin before and after (the apply refuses the batch when
 * the product's prices are no longer the old ones, the undo when they are no longer the new ones),
 * its version when previewed and after the apply (a line with one was written), and what the preview found: below cost (held back, not written) or a running campaign's
 * price the new selling price is not above (a reduction claim that would break).
 */
export const PriceBatchLine = defineEntity({
  name: "PriceBatchLine",
  tableName: "price_batch_line",
  indexes: [
    {
      name: "price_batch_line_product_unique",
      expression:
        "create unique index price_batch_line_product_unique on price_batch_line (batch_id, product_id)",
    },
    { name: "price_batch_line_batch_index", properties: ["batch", "id"] },
  ],
  properties: {
    id: p.integer().primary().autoincrement(),
    batch: p.manyToOne(PriceBatch).deleteRule("cascade"),
    product: p.manyToOne(Product).deleteRule("cascade").index(),
    oldSellingPrice: money(),
    newSellingPrice: money(),
    oldPurchasePrice: money(),
    newPurchasePrice: money(),
    vatInclusive: p.boolean(),
    vatRate: p.decimal("string").precision(5).scale(2),
    // As wide as the product's margin_percent.
    oldMargin: p.decimal("number").precision(14).scale(1),
    newMargin: p.decimal("number").precision(14).scale(1),
    oldBand: p.string().length(6),
    newBand: p.string().length(6),
    stockLevel: p.integer(),
    /** The product's version when previewed. */
    version: p.integer(),
    /** The product's version once the batch wrote it; null for a line not written. */
    appliedVersion: p.integer().nullable(),
    /** The new price is below cost: held back, not written (a later guard lets a manager confirm). */
    belowCost: p.boolean().default(false),
    /** The running campaign's price the new selling price is not above, when it is not. */
    campaignPrice: money().nullable(),
  },
});
