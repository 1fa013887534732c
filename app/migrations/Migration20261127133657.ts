import { Migration } from '@mikro-orm/migrations';

export class Migration20261127133657 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "customer_return" ("id" serial primary key, "return_number" varchar(50) not null, "order_id" int not null, "customer_id" int null, "status" text check ("status" in ('draft', 'completed', 'cancelled')) not null default 'draft', "note" text null, "refund_total" numeric(10,2) not null default '0', "created_by_id" int null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "completed_at" timestamptz null, "completed_by_id" int null, "cancelled_at" timestamptz null, "version" int not null default 1);`);
    this.addSql(`alter table "customer_return" add constraint "customer_return_return_number_unique" unique ("return_number");`);
    this.addSql(`create index "customer_return_order_id_index" on "customer_return" ("order_id");`);
    this.addSql(`create index "customer_return_customer_id_index" on "customer_return" ("customer_id");`);
    this.addSql(`create index "customer_return_created_at_index" on "customer_return" ("created_at", "id");`);
    this.addSql(`create index "customer_return_status_created_at_index" on "customer_return" ("status", "created_at", "id");`);

    this.addSql(`create table "customer_return_line" ("id" serial primary key, "customer_return_id" int not null, "order_item_id" int not null, "product_id" int not null, "position" int not null default 0, "product_name" varchar(255) not null, "sku" varchar(100) not null, "quantity" int not null, "reason" text check ("reason" in ('defective', 'wrong_item', 'change_of_mind', 'guarantee_claim')) not null, "outcome" text check ("outcome" in ('back_to_stock', 'defective_stock', 'replaced', 'refunded')) not null, "unit_paid" numeric(10,2) not null, "vat_rate" numeric(5,2) not null, "refund_amount" numeric(10,2) null, constraint customer_return_line_quantity_check check (quantity > 0), constraint customer_return_line_refund_check check ((outcome = 'refunded') = (refund_amount is not null)), constraint customer_return_line_refund_amount_check check (refund_amount >= 0));`);
    this.addSql(`create index "customer_return_line_customer_return_id_index" on "customer_return_line" ("customer_return_id");`);
    this.addSql(`create index "customer_return_line_order_item_id_index" on "customer_return_line" ("order_item_id");`);
    this.addSql(`create index "customer_return_line_product_id_index" on "customer_return_line" ("product_id");`);

    this.addSql(`create table "customer_return_unit" ("id" serial primary key, "line_id" int not null, "unit_id" int not null, "serial" varchar(100) not null, "sold_at" timestamptz null, "guarantee_ends" date null, "replacement_unit_id" int null, "replacement_serial" varchar(100) null);`);
    this.addSql(`create index "customer_return_unit_line_id_index" on "customer_return_unit" ("line_id");`);
    this.addSql(`create index "customer_return_unit_unit_id_index" on "customer_return_unit" ("unit_id");`);
    this.addSql(`create index "customer_return_unit_replacement_unit_id_index" on "customer_return_unit" ("replacement_unit_id");`);
    this.addSql(`create index "customer_return_unit_serial_index" on "customer_return_unit" ("serial");`);

    this.addSql(`alter table "customer_return" add constraint "customer_return_order_id_foreign" foreign key ("order_id") references "sales_order" ("id") on update cascade on delete no action;`);
    this.addSql(`alter table "customer_return" add constraint "customer_return_customer_id_foreign" foreign key ("customer_id") references "customer" ("id") on update cascade on delete set null;`);
    this.addSql(`alter table "customer_return" add constraint "customer_return_created_by_id_foreign" foreign key ("created_by_id") references "user" ("id") on update cascade on delete set null;`);
    this.addSql(`alter table "customer_return" add constraint "customer_return_completed_by_id_foreign" foreign key ("completed_by_id") references "user" ("id") on update cascade on delete set null;`);

    this.addSql(`alter table "customer_return_line" add constraint "customer_return_line_customer_return_id_foreign" foreign key ("customer_return_id") references "customer_return" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "customer_return_line" add constraint "customer_return_line_order_item_id_foreign" foreign key ("order_item_id") references "sales_order_item" ("id") on update cascade on delete no action;`);
    this.addSql(`alter table "customer_return_line" add constraint "customer_return_line_product_id_foreign" foreign key ("product_id") references "product" ("id") on update cascade on delete no action;`);

    this.addSql(`alter table "customer_return_unit" add constraint "customer_return_unit_line_id_foreign" foreign key ("line_id") references "customer_return_line" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "customer_return_unit" add constraint "customer_return_unit_unit_id_foreign" foreign key ("unit_id") references "serial_unit" ("id") on update cascade on delete no action;`);
    this.addSql(`alter table "customer_return_unit" add constraint "customer_return_unit_replacement_unit_id_foreign" foreign key ("replacement_unit_id") references "serial_unit" ("id") on update cascade on delete no action;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "customer_return_line" drop constraint "customer_return_line_customer_return_id_foreign";`);

    this.addSql(`alter table "customer_return_unit" drop constraint "customer_return_unit_line_id_foreign";`);

    this.addSql(`drop table if exists "customer_return" cascade;`);

    this.addSql(`drop table if exists "customer_return_line" cascade;`);

    this.addSql(`drop table if exists "customer_return_unit" cascade;`);
  }

}
