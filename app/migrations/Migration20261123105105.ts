import { Migration } from '@mikro-orm/migrations';

export class Migration20261123105105 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create unique index product_sku_lower_index on product (lower(sku));`);
    this.addSql(`create index product_barcode_lower_index on product (lower(barcode));`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop index "product_sku_lower_index";`);
    this.addSql(`drop index "product_barcode_lower_index";`);
  }

}
