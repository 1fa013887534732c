import { defineEntity, p } from "@mikro-orm/core";
import { Category } from "~/models/category/category.entity";
import { marginCategorySql, marginPercentSql } from "~/models/margin.server";
import { Supplier } from "~/models/supplier/supplier.entity";
import { createdAt, money, updatedAt } from "~/models/timestamps";
import { DEFAULT_VAT_RATE } from "~/models/vat";
import { MEASURE_UNITS, NET_QUANTITY_DECIMALS } from "./measure";
import { PRODUCT_STATUSES } from "./product-status";
import { purchaseCostSql } from "./stock-value-sql";
import { MAX_GUARANTEE_MONTHS, TRACKING_MODES } from "./tracking";

/**
 * The text the catalogue search matches: name, SKU, brand and EAN in lower case, kept by
 * PostgreSQL in the `search_text` column so that one trigram index serves the whole search (an OR
 * over four indexes costs the planner a sequential scan) and a match is a plain LIKE on one short
 * text instead of a case-folding ILIKE over four columns joined for every row.
 */
function productSearchTextSql() {
  return "lower(name || ' ' || sku || ' ' || brand || ' ' || coalesce(ean::text, ''))";
}

export const Product = defineEntity({
  name: "Product",
  tableName: "product",
  indexes: [
    {
      // The catalogue search, LIKE '%term%' on search_text (pg_trgm, created by the first migration).
      name: "product_search_text_trgm",
      expression: "create index product_search_text_trgm on product using gin (search_text gin_trgm_ops)",
    },
    // The list's sort orders (newest, name case-insensitive, price, margin, stock), each with the
    // id that breaks its ties: a page is then the first rows of one index, with no sort of the
    // thousands of products that share a price, a margin or a stock level.
    { name: "product_created_at_index", properties: ["createdAt", "id"] },
    {
      name: "product_name_lower_index",
      expression: "create index product_name_lower_index on product (lower(name), id)",
    },
    { name: "product_selling_price_index", properties: ["sellingPrice", "id"] },
    { name: "product_margin_percent_index", properties: ["marginPercent", "id"] },
    { name: "product_stock_level_index", properties: ["stockLevel", "id"] },
    // The low-margin filter.
    { name: "product_margin_category_index", properties: ["marginCategory"] },
    // A SKU or a barcode is looked up in any letter case (scanner, import, the SKU-in-use check).
    {
      name: "product_sku_lower_index",
      expression: "create unique index product_sku_lower_index on product (lower(sku))",
    },
    {
      name: "product_barcode_lower_index",
      expression: "create index product_barcode_lower_index on product (lower(barcode))",
    },
    // The "To reorder" list (reorder.server.ts): active products at or under their reorder point,
    // found in two partial indexes: those on the shop's default point by their stock, those with a
    // point of their own by how far their stock is above it. Each carries the columns the list
    // computes with (INCLUDE), so it is read without the table.
    {
      name: "product_reorder_default_index",
      expression:
        "create index product_reorder_default_index on product (stock_level) include (id, supplier_id, reorder_quantity, purchase_cost) where reorder_point is null and status = 'active'",
    },
    // Supplier claims (issue #31): the few products with defective units, by supplier.
    {
      name: "product_defective_supplier_index",
      expression:
        "create index product_defective_supplier_index on product (supplier_id) where defective_stock > 0",
    },
    {
      name: "product_reorder_own_index",
      expression:
        "create index product_reorder_own_index on product ((stock_level - reorder_point)) include (id, supplier_id, stock_level, reorder_point, reorder_quantity, purchase_cost) where reorder_point is not null and status = 'active'",
    },
  ],
  checks: [
    // The margin divides by the selling price; VAT is a percentage.
    { name: "product_selling_price_check", expression: "selling_price > 0" },
    { name: "product_vat_rate_check", expression: "vat_rate >= 0 and vat_rate <= 100" },
    // Defective units kept apart (issue #31) never go below zero (changeDefectiveStock refuses first).
    { name: "product_defective_stock_check", expression: "defective_stock >= 0" },
    // Stock levels go up to 999,999,999 (the form's limit): so may the reorder figures.
    {
      name: "product_reorder_point_check",
      expression: "reorder_point >= 0 and reorder_point <= 999999999",
    },
    {
      name: "product_reorder_quantity_check",
      expression: "reorder_quantity >= 0 and reorder_quantity <= 999999999",
    },
    // A product sold by measure has both its unit and a quantity above zero; one by the piece neither.
    {
      name: "product_net_quantity_check",
      expression: "(unit is null and net_quantity is null) or (unit is not null and net_quantity > 0)",
    },
    {
      name: "product_guarantee_months_check",
      expression: `guarantee_months >= 0 and guarantee_months <= ${MAX_GUARANTEE_MONTHS}`,
    },
  ],
  properties: {
    id: p.integer().primary().autoincrement(),
    name: p.string().length(255),
    sku: p.string().length(100).unique(),
    brand: p.string().length(100),
    category: p.manyToOne(Category).nullable().deleteRule("no action").index(),
    purchasePrice: money(),
    sellingPrice: money(),
    vatInclusive: p.boolean().default(true),
    /** The VAT percent of this product's sales (Finland: 25.5, 13.5, 10 or 0). */
    vatRate: p.decimal("string").precision(5).scale(2).default(DEFAULT_VAT_RATE),
    /** Kept by PostgreSQL from the prices and VAT (margin.server.ts): always current, indexed. */
    marginPercent: p.decimal("number").precision(14).scale(1).generated(`(${marginPercentSql()}) stored`),
    marginCategory: p.string().length(6).generated(`(${marginCategorySql()}) stored`),
    /**
     * Kept by PostgreSQL: the purchase price without VAT, to the cent (purchaseCostSql), what a
     * purchase order pays a unit; the reorder list values its lines with it from its indexes.
     */
    purchaseCost: p
      .decimal("string")
      .precision(12)
      .scale(2)
      .generated(`(${purchaseCostSql()}) stored`)
      .lazy(),
    stockLevel: p.integer().default(0),
    /**
     * Defective units kept apart from the sellable stock (issue #31): returned faulty or found broken,
     * waiting for a supplier claim. Moved only by changeDefectiveStock (stock/defective-stock.server.ts).
     */
    defectiveStock: p.integer().default(0),
    /** Reorder at this stock level or under; null: the shop's default (REORDER_POINT). */
    reorderPoint: p.integer().nullable(),
    /** What a reorder adds above the point (reorder.ts); null: the shop's default (REORDER_QUANTITY). */
    reorderQuantity: p.integer().nullable(),
    // A supplier with products is not deleted (deleteSupplier refuses): no cascade.
    supplier: p.manyToOne(Supplier).deleteRule("no action").index(),
    ean: p.string().length(14).nullable().index(),
    imageUrl: p.text().nullable(),
    barcode: p.string().length(100).nullable().index(),
    /**
     * Sold by measure (issue #30): the unit its shelf label prices it per (m, kg, l) and how much of
     * it the product holds (a 5 m cable: 5). Both or neither (product_net_quantity_check).
     */
    unit: p.enum([...MEASURE_UNITS]).nullable(),
    netQuantity: p.decimal("string").precision(10).scale(NET_QUANTITY_DECIMALS).nullable(),
    /**
     * Serial-tracked (issue #31): none, a serial number or an IMEI per unit (app/models/serial/);
     * a receipt of a tracked product takes one per unit.
     */
    tracking: p.enum([...TRACKING_MODES]).default("none"),
    /** The guarantee's length in months (0-120); null: none stated. */
    guaranteeMonths: p.integer().nullable(),
    /** When a committed stock count last counted it (stock-count.server.ts), through changeStock. */
    lastCountedAt: p.datetime().columnType("timestamptz").nullable(),
    /** Kept by PostgreSQL: what the catalogue search matches (see productSearchTextSql). */
    searchText: p.text().generated(`(${productSearchTextSql()}) stored`).lazy(),
    status: p
      .enum([...PRODUCT_STATUSES])
      .default("active")
      .index(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    version: p.integer().version(),
  },
});
