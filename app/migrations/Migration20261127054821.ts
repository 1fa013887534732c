import { Migration } from '@mikro-orm/migrations';

export class Migration20261127054821 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "price_batch" ("id" serial primary key, "rule" text check ("rule" in ('percent', 'euros', 'markup', 'margin', 'supplierCost', 'undo')) not null, "value" numeric(12,2) not null, "rounding" text check ("rounding" in ('none', '90', '95', '99', 'whole')) not null default 'none', "rounding_from" numeric(10,2) null, "rounding_above" text check ("rounding_above" in ('none', '90', '95', '99', 'whole')) null, "scope" text check ("scope" in ('filters', 'campaign', 'scanned', 'batch')) not null, "filters" jsonb null, "campaign_id" int null, "undoes_id" int null, "state" text check ("state" in ('preview', 'applied', 'undone')) not null default 'preview', "created_by_id" int null, "created_at" timestamptz not null default now(), "applied_at" timestamptz null, "applied_by_id" int null, "undone_at" timestamptz null, "version" int not null default 1, constraint price_batch_band_check check ((rounding_from is null) = (rounding_above is null)));`);
    this.addSql(`create index "price_batch_undoes_id_index" on "price_batch" ("undoes_id");`);
    this.addSql(`create index "price_batch_state_index" on "price_batch" ("state");`);
    this.addSql(`create index "price_batch_created_at_index" on "price_batch" ("created_at", "id");`);

    this.addSql(`create table "price_batch_line" ("id" serial primary key, "batch_id" int not null, "product_id" int not null, "old_selling_price" numeric(10,2) not null, "new_selling_price" numeric(10,2) not null, "old_purchase_price" numeric(10,2) not null, "new_purchase_price" numeric(10,2) not null, "vat_inclusive" boolean not null, "vat_rate" numeric(5,2) not null, "old_margin" numeric(14,1) not null, "new_margin" numeric(14,1) not null, "old_band" varchar(6) not null, "new_band" varchar(6) not null, "stock_level" int not null, "version" int not null, "applied_version" int null, "below_cost" boolean not null default false, "campaign_price" numeric(10,2) null);`);
    this.addSql(`create index "price_batch_line_product_id_index" on "price_batch_line" ("product_id");`);
    this.addSql(`create unique index price_batch_line_product_unique on price_batch_line (batch_id, product_id);`);
    this.addSql(`create index "price_batch_line_batch_index" on "price_batch_line" ("batch_id", "id");`);

    this.addSql(`alter table "price_batch" add constraint "price_batch_campaign_id_foreign" foreign key ("campaign_id") references "campaign" ("id") on update cascade on delete set null;`);
    this.addSql(`alter table "price_batch" add constraint "price_batch_undoes_id_foreign" foreign key ("undoes_id") references "price_batch" ("id") on update cascade on delete no action;`);
    this.addSql(`alter table "price_batch" add constraint "price_batch_created_by_id_foreign" foreign key ("created_by_id") references "user" ("id") on update cascade on delete set null;`);
    this.addSql(`alter table "price_batch" add constraint "price_batch_applied_by_id_foreign" foreign key ("applied_by_id") references "user" ("id") on update cascade on delete set null;`);

    this.addSql(`alter table "price_batch_line" add constraint "price_batch_line_batch_id_foreign" foreign key ("batch_id") references "price_batch" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "price_batch_line" add constraint "price_batch_line_product_id_foreign" foreign key ("product_id") references "product" ("id") on update cascade on delete cascade;`);

    // Hand-written: no batch existed before this table, so a number in the old plain column names
    // none (no path wrote one); cleared so that the foreign key can hold.
    this.addSql(`update "price_history" set "batch" = null where "batch" is not null;`);
    this.addSql(`alter table "price_history" add constraint "price_history_batch_foreign" foreign key ("batch") references "price_batch" ("id") on update cascade on delete no action;`);
    this.addSql(`create index "price_history_batch_index" on "price_history" ("batch");`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "price_batch" drop constraint "price_batch_undoes_id_foreign";`);

    this.addSql(`alter table "price_history" drop constraint "price_history_batch_foreign";`);

    this.addSql(`alter table "price_batch_line" drop constraint "price_batch_line_batch_id_foreign";`);

    this.addSql(`drop table if exists "price_batch" cascade;`);

    this.addSql(`drop table if exists "price_batch_line" cascade;`);

    this.addSql(`drop index "price_history_batch_index";`);
  }

}
