import { defineEntity, p } from "@mikro-orm/core";

/**
 * The catalogue's totals per category, kept by PostgreSQL in the same transaction as every write
 * of a product (a statement trigger, migration Migration20261123100000), so that the dashboard,
 * the reports and the inventory figures read a few hundred rows instead of the whole catalogue.
 * `category_id` 0 holds the products without a category. Exact after every committed write: the
 * trigger adds and subtracts each statement's rows, locking the touched rows in category order.
 */
export const CatalogueSummary = defineEntity({
  name: "CatalogueSummary",
  tableName: "catalogue_summary",
  properties: {
    categoryId: p.integer().primary().autoincrement(false),
    products: p.integer().default(0),
    marginSum: p.decimal("string").precision(20).scale(1).default(0),
    lowMargin: p.integer().default(0),
    mediumMargin: p.integer().default(0),
    highMargin: p.integer().default(0),
    /** selling price x stock */
    valueAtPrice: p.decimal("string").precision(20).scale(2).default(0),
    /** purchase price excluding VAT x stock (the accountant's figure), exact to 6 decimals */
    valueAtCost: p.decimal("string").precision(24).scale(6).default(0),
    /**
     * How many product rows any write has touched in this category, ever: it only grows, so the
     * sum over all categories changes with every committed product write and stamps what a
     * kept figure was computed from (catalogue_figure).
     */
    changes: p.bigint("number").default(0),
  },
});

/**
 * Figures computed over the catalogue that are too costly to compute on every page view (a broad
 * search's count, the reports' totals), each with the catalogue's change stamp (the sum of
 * catalogue_summary.changes) it was computed at: a figure is used only while the stamp is
 * unchanged, so it is exact in every server process without any invalidation (kept-figure.server.ts).
 */
export const CatalogueFigure = defineEntity({
  name: "CatalogueFigure",
  tableName: "catalogue_figure",
  properties: {
    /** what the figure is, with its inputs (a list's filters, say) */
    key: p.text().primary(),
    stamp: p.bigint("number"),
    value: p.json(),
  },
});

/**
 * How many products stand at each stock level (levels from 1,000 up counted at 1,000), kept like
 * the summary: the low-stock count for any threshold is a sum over at most 1,000 rows.
 */
export const StockLevelCount = defineEntity({
  name: "StockLevelCount",
  tableName: "stock_level_count",
  properties: {
    level: p.integer().primary().autoincrement(false),
    products: p.integer().default(0),
  },
});
