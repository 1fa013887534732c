import { Migration } from '@mikro-orm/migrations';

export class Migration20261123112223 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`drop index "product_created_at_index";`);
    this.addSql(`drop index "product_margin_percent_index";`);
    this.addSql(`drop index "product_selling_price_index";`);
    this.addSql(`drop index "product_stock_level_index";`);

    this.addSql(`create index "product_created_at_index" on "product" ("created_at", "id");`);
    this.addSql(`create index "product_margin_percent_index" on "product" ("margin_percent", "id");`);
    this.addSql(`create index "product_selling_price_index" on "product" ("selling_price", "id");`);
    this.addSql(`create index "product_stock_level_index" on "product" ("stock_level", "id");`);
    // An expression index is compared by name only: its new column list is written by hand.
    this.addSql(`drop index "product_name_lower_index";`);
    this.addSql(`create index product_name_lower_index on product (lower(name), id);`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop index "product_created_at_index";`);
    this.addSql(`drop index "product_selling_price_index";`);
    this.addSql(`drop index "product_margin_percent_index";`);
    this.addSql(`drop index "product_stock_level_index";`);

    this.addSql(`create index "product_created_at_index" on "product" ("created_at");`);
    this.addSql(`create index "product_selling_price_index" on "product" ("selling_price");`);
    this.addSql(`create index "product_margin_percent_index" on "product" ("margin_percent");`);
    this.addSql(`create index "product_stock_level_index" on "product" ("stock_level");`);
    this.addSql(`drop index "product_name_lower_index";`);
    this.addSql(`create index product_name_lower_index on product (lower(name));`);
  }

}
