import { Migration } from '@mikro-orm/migrations';

export class Migration20261127190420 extends Migration {

  override async up(): Promise<void> {
    // Migrations run in one transaction: the stock total's deferred check of an earlier one's rows
    // runs now, or PostgreSQL refuses an index on a table with checks pending.
    this.addSql(`set constraints all immediate;`);
    this.addSql(`create index product_stock_location_quantity_index on product_stock (location_id, quantity, product_id);`);
    // Back to their own timing (every deferrable check here is initially deferred).
    this.addSql(`set constraints all deferred;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop index "product_stock_location_quantity_index";`);
  }

}
