import { Migration } from '@mikro-orm/migrations';

export class Migration20261123084942 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table "product" add column "vat_rate" numeric(5,2) not null default 25.5, add column "margin_percent" numeric(14,1) generated always as (round((selling_price - (case when vat_inclusive then purchase_price else purchase_price * (1 + vat_rate / 100) end)) * 100 / selling_price, 1)) stored not null, add column "margin_category" varchar(6) generated always as ((case when (selling_price - (case when vat_inclusive then purchase_price else purchase_price * (1 + vat_rate / 100) end)) * 100 < 10 * selling_price then 'low' when (selling_price - (case when vat_inclusive then purchase_price else purchase_price * (1 + vat_rate / 100) end)) * 100 < 20 * selling_price then 'medium' else 'high' end)) stored not null;`);
    this.addSql(`create index "product_margin_percent_index" on "product" ("margin_percent");`);
    this.addSql(`create index "product_margin_category_index" on "product" ("margin_category");`);
    this.addSql(`alter table "product" add constraint product_selling_price_check check(selling_price > 0);`);
    this.addSql(`alter table "product" add constraint product_vat_rate_check check(vat_rate >= 0 and vat_rate <= 100);`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop index "product_margin_percent_index";`);
    this.addSql(`drop index "product_margin_category_index";`);
    this.addSql(`alter table "product" drop constraint product_selling_price_check;`);
    this.addSql(`alter table "product" drop constraint product_vat_rate_check;`);
    this.addSql(`alter table "product" drop column "vat_rate", drop column "margin_percent", drop column "margin_category";`);
  }

}
