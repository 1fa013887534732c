import { Migration } from '@mikro-orm/migrations';

/**
 * The price history becomes the price log (issue #29): its rows stay, as the log's first rows
 * (source "history"; they did not record a before-price, VAT facts or a campaign).
 */
export class Migration20261127044500 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table "price_history" add column "at" timestamptz null, add column "price_before" numeric(10,2) null, add column "price" numeric(10,2) null, add column "reduced" boolean not null default false, add column "campaign_id" int null, add column "vat_inclusive" boolean null, add column "vat_rate" numeric(5,2) null, add column "source" text null, add column "batch" int null;`);
    this.addSql(`update "price_history" h set "at" = h."created_at", "price" = h."selling_price", "source" = 'history', "price_before" = (select p."selling_price" from "price_history" p where p."product_id" = h."product_id" and (p."created_at", p."id") < (h."created_at", h."id") order by p."created_at" desc, p."id" desc limit 1);`);
    this.addSql(`alter table "price_history" alter column "at" set not null, alter column "price" set not null, alter column "source" set not null;`);
    this.addSql(`alter table "price_history" add constraint "price_history_source_check" check ("source" in ('form', 'api', 'import', 'bulk', 'campaign', 'receipt', 'seed', 'history'));`);
    this.addSql(`alter table "price_history" add constraint "price_history_campaign_id_foreign" foreign key ("campaign_id") references "campaign" ("id") on update cascade on delete set null;`);
    this.addSql(`drop index "price_history_product_id_index";`);
    this.addSql(`create index price_history_product_at_index on price_history (product_id, at, id);`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop index "price_history_product_at_index";`);
    this.addSql(`create index "price_history_product_id_index" on "price_history" ("product_id");`);
    this.addSql(`alter table "price_history" drop constraint "price_history_campaign_id_foreign";`);
    this.addSql(`alter table "price_history" drop constraint "price_history_source_check";`);
    this.addSql(`alter table "price_history" drop column "at", drop column "price_before", drop column "price", drop column "reduced", drop column "campaign_id", drop column "vat_inclusive", drop column "vat_rate", drop column "source", drop column "batch";`);
  }

}
