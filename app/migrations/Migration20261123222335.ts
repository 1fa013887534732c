import { Migration } from '@mikro-orm/migrations';

export class Migration20261123222335 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table "product" add column "reorder_point" int null, add column "reorder_quantity" int null;`);
    this.addSql(`create index product_reorder_default_index on product (stock_level) include (id, supplier_id, reorder_quantity, purchase_price, vat_inclusive, vat_rate) where reorder_point is null and status = 'active';`);
    this.addSql(`create index product_reorder_own_index on product ((stock_level - reorder_point)) include (id, supplier_id, stock_level, reorder_point, reorder_quantity, purchase_price, vat_inclusive, vat_rate) where reorder_point is not null and status = 'active';`);
    this.addSql(`alter table "product" add constraint product_reorder_point_check check(reorder_point >= 0 and reorder_point <= 999999999);`);
    this.addSql(`alter table "product" add constraint product_reorder_quantity_check check(reorder_quantity >= 0 and reorder_quantity <= 999999999);`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop index "product_reorder_default_index";`);
    this.addSql(`drop index "product_reorder_own_index";`);
    this.addSql(`alter table "product" drop constraint product_reorder_point_check;`);
    this.addSql(`alter table "product" drop constraint product_reorder_quantity_check;`);
    this.addSql(`alter table "product" drop column "reorder_point", drop column "reorder_quantity";`);
  }

}
