import { Migration } from '@mikro-orm/migrations';

export class Migration20261123215522 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "purchase_order" ("id" serial primary key, "order_number" varchar(50) not null, "supplier_id" int not null, "status" text check ("status" in ('draft', 'sent', 'partially_received', 'received', 'cancelled')) not null default 'draft', "expected_date" date not null, "note" text null, "subtotal" numeric(10,2) not null default '0', "tax_amount" numeric(10,2) not null default '0', "total_amount" numeric(10,2) not null default '0', "created_by_id" int null, "sent_at" timestamptz null, "sent_to" varchar(255) null, "email_id" int null, "received_at" timestamptz null, "closed_at" timestamptz null, "cancelled_at" timestamptz null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "version" int not null default 1);`);
    this.addSql(`alter table "purchase_order" add constraint "purchase_order_order_number_unique" unique ("order_number");`);
    this.addSql(`create index "purchase_order_supplier_id_index" on "purchase_order" ("supplier_id");`);
    this.addSql(`create index "purchase_order_created_at_index" on "purchase_order" ("created_at", "id");`);
    this.addSql(`create index "purchase_order_status_created_at_index" on "purchase_order" ("status", "created_at", "id");`);

    this.addSql(`create table "purchase_order_line" ("id" serial primary key, "purchase_order_id" int not null, "product_id" int not null, "position" int not null default 0, "product_name" varchar(255) not null, "sku" varchar(100) not null, "quantity_ordered" int not null, "quantity_received" int not null default 0, "unit_cost" numeric(10,2) not null, "vat_rate" numeric(5,2) not null, "line_total" numeric(10,2) not null, constraint purchase_order_line_quantity_check check (quantity_ordered > 0), constraint purchase_order_line_received_check check (quantity_received >= 0));`);
    this.addSql(`create index "purchase_order_line_purchase_order_id_index" on "purchase_order_line" ("purchase_order_id");`);
    this.addSql(`create index "purchase_order_line_product_id_index" on "purchase_order_line" ("product_id");`);

    this.addSql(`alter table "purchase_order" add constraint "purchase_order_supplier_id_foreign" foreign key ("supplier_id") references "supplier" ("id") on update cascade on delete no action;`);
    this.addSql(`alter table "purchase_order" add constraint "purchase_order_created_by_id_foreign" foreign key ("created_by_id") references "user" ("id") on update cascade on delete set null;`);
    this.addSql(`alter table "purchase_order" add constraint "purchase_order_email_id_foreign" foreign key ("email_id") references "email_outbox" ("id") on update cascade on delete set null;`);

    this.addSql(`alter table "purchase_order_line" add constraint "purchase_order_line_purchase_order_id_foreign" foreign key ("purchase_order_id") references "purchase_order" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "purchase_order_line" add constraint "purchase_order_line_product_id_foreign" foreign key ("product_id") references "product" ("id") on update cascade on delete no action;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "purchase_order_line" drop constraint "purchase_order_line_purchase_order_id_foreign";`);

    this.addSql(`drop table if exists "purchase_order" cascade;`);

    this.addSql(`drop table if exists "purchase_order_line" cascade;`);
  }

}
