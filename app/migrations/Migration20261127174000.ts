import { Migration } from '@mikro-orm/migrations';

/**
 * Written by hand (issue #32): the check that a product's total is the sum of its stock over the
 * locations (product_stock_total_check, Migration20261127155114) runs only for rows whose figure
 * changed. A row of product_stock made with nothing in it (a reorder point or a shelf set there, a
 * benchmark's location rows) and a product created with no stock cannot break the sum, and were
 * each checked at commit: 1.9 million rows of 0 took a minute of checks.
 */
export class Migration20261127174000 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`drop trigger if exists product_stock_total on product_stock;`);
    this.addSql(`drop trigger if exists product_stock_total on product;`);
    this.addSql(`create constraint trigger product_stock_total_insert after insert on product_stock deferrable initially deferred for each row when (new.quantity <> 0) execute function product_stock_total_check();`);
    this.addSql(`create constraint trigger product_stock_total_update after update of quantity, product_id on product_stock deferrable initially deferred for each row when (old.quantity is distinct from new.quantity or old.product_id is distinct from new.product_id) execute function product_stock_total_check();`);
    this.addSql(`create constraint trigger product_stock_total_delete after delete on product_stock deferrable initially deferred for each row when (old.quantity <> 0) execute function product_stock_total_check();`);
    this.addSql(`create constraint trigger product_stock_total_insert after insert on product deferrable initially deferred for each row when (new.stock_level <> 0) execute function product_stock_total_check();`);
    this.addSql(`create constraint trigger product_stock_total_update after update of stock_level on product deferrable initially deferred for each row when (old.stock_level is distinct from new.stock_level) execute function product_stock_total_check();`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop trigger if exists product_stock_total_insert on product_stock;`);
    this.addSql(`drop trigger if exists product_stock_total_update on product_stock;`);
    this.addSql(`drop trigger if exists product_stock_total_delete on product_stock;`);
    this.addSql(`drop trigger if exists product_stock_total_insert on product;`);
    this.addSql(`drop trigger if exists product_stock_total_update on product;`);
    this.addSql(`create constraint trigger product_stock_total after insert or update or delete on product_stock deferrable initially deferred for each row execute function product_stock_total_check();`);
    this.addSql(`create constraint trigger product_stock_total after insert or update of stock_level on product deferrable initially deferred for each row execute function product_stock_total_check();`);
  }

}
