import { Migration } from '@mikro-orm/migrations';

export class Migration20261123213145 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "stock_count" ("id" serial primary key, "number" varchar(20) not null, "scope" text check ("scope" in ('shop', 'category', 'shelf')) not null, "category_id" int null, "shelf" varchar(50) null, "not_counted_days" smallint null, "status" text check ("status" in ('open', 'committed', 'cancelled')) not null default 'open', "zero_uncounted" boolean null, "note" text null, "created_by_id" int null, "created_at" timestamptz not null default now(), "committed_at" timestamptz null, "committed_by_id" int null, "cancelled_at" timestamptz null, constraint stock_count_shelf_check check ((scope = 'shelf') = (shelf is not null)), constraint stock_count_days_check check (not_counted_days is null or (not_counted_days >= 1 and not_counted_days <= 3650)));`);
    this.addSql(`alter table "stock_count" add constraint "stock_count_number_unique" unique ("number");`);
    this.addSql(`create index "stock_count_category_id_index" on "stock_count" ("category_id");`);
    this.addSql(`create index "stock_count_status_index" on "stock_count" ("status");`);
    this.addSql(`create index "stock_count_created_at_index" on "stock_count" ("created_at", "id");`);

    this.addSql(`create table "stock_count_line" ("id" serial primary key, "count_id" int not null, "product_id" int null, "code" varchar(100) null, "counted" int not null, "expected" int null, "value_difference" numeric(14,2) null, "counted_at" timestamptz not null default now(), "counted_by_id" int null, constraint stock_count_line_counted_check check (counted >= 0 and counted <= 100000), constraint stock_count_line_known_check check ((product_id is not null and expected is not null) or (product_id is null and code is not null)));`);
    this.addSql(`create index "stock_count_line_product_id_index" on "stock_count_line" ("product_id");`);
    this.addSql(`create unique index stock_count_line_product_unique on stock_count_line (count_id, product_id);`);
    this.addSql(`create unique index stock_count_line_code_unique on stock_count_line (count_id, lower(code)) where product_id is null;`);

    this.addSql(`alter table "stock_count" add constraint "stock_count_category_id_foreign" foreign key ("category_id") references "category" ("id") on update cascade on delete set null;`);
    this.addSql(`alter table "stock_count" add constraint "stock_count_created_by_id_foreign" foreign key ("created_by_id") references "user" ("id") on update cascade on delete set null;`);
    this.addSql(`alter table "stock_count" add constraint "stock_count_committed_by_id_foreign" foreign key ("committed_by_id") references "user" ("id") on update cascade on delete set null;`);

    this.addSql(`alter table "stock_count_line" add constraint "stock_count_line_count_id_foreign" foreign key ("count_id") references "stock_count" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "stock_count_line" add constraint "stock_count_line_product_id_foreign" foreign key ("product_id") references "product" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "stock_count_line" add constraint "stock_count_line_counted_by_id_foreign" foreign key ("counted_by_id") references "user" ("id") on update cascade on delete set null;`);

    this.addSql(`alter table "product" add column "location" varchar(50) null, add column "last_counted_at" timestamptz null;`);
    this.addSql(`create index product_location_lower_index on product (lower(location));`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "stock_count_line" drop constraint "stock_count_line_count_id_foreign";`);

    this.addSql(`drop table if exists "stock_count" cascade;`);

    this.addSql(`drop table if exists "stock_count_line" cascade;`);

    this.addSql(`drop index "product_location_lower_index";`);
    this.addSql(`alter table "product" drop column "location", drop column "last_counted_at";`);
  }

}
