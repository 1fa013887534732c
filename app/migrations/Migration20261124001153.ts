import { Migration } from "@mikro-orm/migrations";

/**
 * The product's purchase price without VAT to the cent, kept by PostgreSQL (`purchase_cost`), and
 * the reorder list's two indexes carrying it instead of the three columns it was computed from.
 */
export class Migration20261124001153 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `alter table "product" add column "purchase_cost" numeric(12,2) generated always as (round(case when vat_inclusive then purchase_price / (1 + vat_rate / 100) else purchase_price end, 2)) stored not null;`,
    );
    this.addSql(`drop index "product_reorder_default_index";`);
    this.addSql(`drop index "product_reorder_own_index";`);
    this.addSql(
      `create index product_reorder_default_index on product (stock_level) include (id, supplier_id, reorder_quantity, purchase_cost) where reorder_point is null and status = 'active';`,
    );
    this.addSql(
      `create index product_reorder_own_index on product ((stock_level - reorder_point)) include (id, supplier_id, stock_level, reorder_point, reorder_quantity, purchase_cost) where reorder_point is not null and status = 'active';`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`drop index "product_reorder_default_index";`);
    this.addSql(`drop index "product_reorder_own_index";`);
    this.addSql(`alter table "product" drop column "purchase_cost";`);
    this.addSql(
      `create index product_reorder_default_index on product (stock_level) include (id, supplier_id, reorder_quantity, purchase_price, vat_inclusive, vat_rate) where reorder_point is null and status = 'active';`,
    );
    this.addSql(
      `create index product_reorder_own_index on product ((stock_level - reorder_point)) include (id, supplier_id, stock_level, reorder_point, reorder_quantity, purchase_price, vat_inclusive, vat_rate) where reorder_point is not null and status = 'active';`,
    );
  }
}
