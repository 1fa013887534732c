import { Migration } from '@mikro-orm/migrations';

export class Migration20261127160128 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "transfer" ("id" serial primary key, "transfer_number" varchar(50) not null, "from_location_id" int not null, "to_location_id" int not null, "status" text check ("status" in ('draft', 'sent', 'received', 'cancelled')) not null default 'draft', "note" text null, "created_by_id" int null, "sent_at" timestamptz null, "sent_by_id" int null, "received_at" timestamptz null, "received_by_id" int null, "cancelled_at" timestamptz null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "version" int not null default 1, constraint transfer_locations_check check (from_location_id <> to_location_id));`);
    this.addSql(`alter table "transfer" add constraint "transfer_transfer_number_unique" unique ("transfer_number");`);
    this.addSql(`create index "transfer_from_location_id_index" on "transfer" ("from_location_id");`);
    this.addSql(`create index "transfer_to_location_id_index" on "transfer" ("to_location_id");`);
    this.addSql(`create index "transfer_created_at_index" on "transfer" ("created_at", "id");`);
    this.addSql(`create index "transfer_status_created_at_index" on "transfer" ("status", "created_at", "id");`);

    this.addSql(`create table "transfer_line" ("id" serial primary key, "transfer_id" int not null, "product_id" int not null, "position" int not null default 0, "product_name" varchar(255) not null, "sku" varchar(100) not null, "quantity" int not null, "received" int null, "loss_reason" text check ("loss_reason" in ('lost', 'damaged', 'other')) null, "loss_note" text null, constraint transfer_line_quantity_check check (quantity > 0), constraint transfer_line_received_check check (received is null or (received >= 0 and received <= quantity)));`);
    this.addSql(`create index "transfer_line_transfer_id_index" on "transfer_line" ("transfer_id");`);
    this.addSql(`create index "transfer_line_product_id_index" on "transfer_line" ("product_id");`);

    this.addSql(`create table "transfer_serial" ("id" serial primary key, "line_id" int not null, "unit_id" int not null, "received" boolean null);`);
    this.addSql(`create index "transfer_serial_unit_id_index" on "transfer_serial" ("unit_id");`);
    this.addSql(`alter table "transfer_serial" add constraint "transfer_serial_line_unit_unique" unique ("line_id", "unit_id");`);

    this.addSql(`alter table "transfer" add constraint "transfer_from_location_id_foreign" foreign key ("from_location_id") references "location" ("id") on update cascade on delete no action;`);
    this.addSql(`alter table "transfer" add constraint "transfer_to_location_id_foreign" foreign key ("to_location_id") references "location" ("id") on update cascade on delete no action;`);
    this.addSql(`alter table "transfer" add constraint "transfer_created_by_id_foreign" foreign key ("created_by_id") references "user" ("id") on update cascade on delete set null;`);
    this.addSql(`alter table "transfer" add constraint "transfer_sent_by_id_foreign" foreign key ("sent_by_id") references "user" ("id") on update cascade on delete set null;`);
    this.addSql(`alter table "transfer" add constraint "transfer_received_by_id_foreign" foreign key ("received_by_id") references "user" ("id") on update cascade on delete set null;`);

    this.addSql(`alter table "transfer_line" add constraint "transfer_line_transfer_id_foreign" foreign key ("transfer_id") references "transfer" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "transfer_line" add constraint "transfer_line_product_id_foreign" foreign key ("product_id") references "product" ("id") on update cascade on delete no action;`);

    this.addSql(`alter table "transfer_serial" add constraint "transfer_serial_line_id_foreign" foreign key ("line_id") references "transfer_line" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "transfer_serial" add constraint "transfer_serial_unit_id_foreign" foreign key ("unit_id") references "serial_unit" ("id") on update cascade on delete no action;`);

    this.addSql(`alter table "stock_count_serial" drop constraint if exists "stock_count_serial_unit_state_check";`);

    this.addSql(`alter table "serial_unit" drop constraint if exists "serial_unit_state_check";`);

    this.addSql(`alter table "serial_event" drop constraint if exists "serial_event_kind_check";`);
    this.addSql(`alter table "serial_event" drop constraint if exists "serial_event_document_type_check";`);

    this.addSql(`alter table "stock_count_serial" add constraint "stock_count_serial_unit_state_check" check("unit_state" in ('in_stock', 'sold', 'returned', 'defective', 'at_supplier', 'scrapped', 'in_transit'));`);

    this.addSql(`alter table "serial_unit" add constraint "serial_unit_state_check" check("state" in ('in_stock', 'sold', 'returned', 'defective', 'at_supplier', 'scrapped', 'in_transit'));`);

    this.addSql(`alter table "serial_event" add constraint "serial_event_kind_check" check("kind" in ('received', 'counted', 'sold', 'returned', 'replaced', 'defective', 'sent_to_supplier', 'credited', 'scrapped', 'transfer_sent', 'transfer_received'));`);
    this.addSql(`alter table "serial_event" add constraint "serial_event_document_type_check" check("document_type" in ('purchase_order', 'order', 'stock_count', 'return', 'supplier_claim', 'transfer'));`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "transfer_line" drop constraint "transfer_line_transfer_id_foreign";`);

    this.addSql(`alter table "transfer_serial" drop constraint "transfer_serial_line_id_foreign";`);

    this.addSql(`drop table if exists "transfer" cascade;`);

    this.addSql(`drop table if exists "transfer_line" cascade;`);

    this.addSql(`drop table if exists "transfer_serial" cascade;`);

    this.addSql(`alter table "serial_event" drop constraint if exists "serial_event_kind_check";`);
    this.addSql(`alter table "serial_event" drop constraint if exists "serial_event_document_type_check";`);

    this.addSql(`alter table "serial_unit" drop constraint if exists "serial_unit_state_check";`);

    this.addSql(`alter table "stock_count_serial" drop constraint if exists "stock_count_serial_unit_state_check";`);

    this.addSql(`alter table "serial_event" add constraint "serial_event_kind_check" check("kind" in ('received', 'counted', 'sold', 'returned', 'replaced', 'defective', 'sent_to_supplier', 'credited', 'scrapped'));`);
    this.addSql(`alter table "serial_event" add constraint "serial_event_document_type_check" check("document_type" in ('purchase_order', 'order', 'stock_count', 'return', 'supplier_claim'));`);

    this.addSql(`alter table "serial_unit" add constraint "serial_unit_state_check" check("state" in ('in_stock', 'sold', 'returned', 'defective', 'at_supplier', 'scrapped'));`);

    this.addSql(`alter table "stock_count_serial" add constraint "stock_count_serial_unit_state_check" check("unit_state" in ('in_stock', 'sold', 'returned', 'defective', 'at_supplier', 'scrapped'));`);
  }

}
