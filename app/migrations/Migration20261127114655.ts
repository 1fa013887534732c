import { Migration } from '@mikro-orm/migrations';

export class Migration20261127114655 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "serial_unit" ("id" serial primary key, "product_id" int not null, "serial" varchar(100) not null, "state" text check ("state" in ('in_stock', 'sold', 'returned', 'defective', 'at_supplier', 'scrapped')) not null default 'in_stock', "received_at" timestamptz null, "purchase_order_line_id" int null, "created_at" timestamptz not null default now(), "version" int not null default 1, constraint serial_unit_serial_check check (serial = upper(btrim(serial)) and serial <> ''));`);
    this.addSql(`create index "serial_unit_purchase_order_line_id_index" on "serial_unit" ("purchase_order_line_id");`);
    this.addSql(`create index "serial_unit_serial_index" on "serial_unit" ("serial");`);
    this.addSql(`alter table "serial_unit" add constraint "serial_unit_product_serial_unique" unique ("product_id", "serial");`);

    this.addSql(`create table "serial_event" ("id" serial primary key, "unit_id" int not null, "kind" text check ("kind" in ('received', 'counted', 'sold', 'returned', 'replaced', 'defective', 'sent_to_supplier', 'credited', 'scrapped')) not null, "document_type" text check ("document_type" in ('purchase_order', 'order', 'stock_count', 'return', 'supplier_claim')) null, "document_id" int null, "document_number" varchar(30) null, "user_id" int null, "at" timestamptz not null default now(), "note" text null);`);
    this.addSql(`create index "serial_event_unit_id_index" on "serial_event" ("unit_id");`);

    this.addSql(`alter table "serial_unit" add constraint "serial_unit_product_id_foreign" foreign key ("product_id") references "product" ("id") on update cascade on delete no action;`);
    this.addSql(`alter table "serial_unit" add constraint "serial_unit_purchase_order_line_id_foreign" foreign key ("purchase_order_line_id") references "purchase_order_line" ("id") on update cascade on delete set null;`);

    this.addSql(`alter table "serial_event" add constraint "serial_event_unit_id_foreign" foreign key ("unit_id") references "serial_unit" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "serial_event" add constraint "serial_event_user_id_foreign" foreign key ("user_id") references "user" ("id") on update cascade on delete set null;`);

    this.addSql(`alter table "product" add column "tracking" text check ("tracking" in ('none', 'serial', 'imei')) not null default 'none', add column "guarantee_months" int null;`);
    this.addSql(`alter table "product" add constraint product_guarantee_months_check check(guarantee_months >= 0 and guarantee_months <= 120);`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "serial_event" drop constraint "serial_event_unit_id_foreign";`);

    this.addSql(`drop table if exists "serial_unit" cascade;`);

    this.addSql(`drop table if exists "serial_event" cascade;`);

    this.addSql(`alter table "product" drop constraint product_guarantee_months_check;`);
    this.addSql(`alter table "product" drop column "tracking", drop column "guarantee_months";`);
  }

}
