import { Migration } from '@mikro-orm/migrations';

export class Migration20261123164605 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "document_number" ("kind" varchar(4) not null, "year" int not null, "last" int not null default 0, constraint "document_number_pkey" primary key ("kind", "year"));`);

    this.addSql(`drop index "quote_status_index";`);

    this.addSql(`alter table "quote" add column "discount_percent" numeric(5,2) not null default '0', add column "sent_at" timestamptz null;`);
    this.addSql(`alter table "quote" alter column "status" type text using ("status"::text);`);
    this.addSql(`alter table "quote" add constraint "quote_status_check" check("status" in ('draft', 'sent', 'accepted', 'rejected', 'expired', 'converted'));`);
    this.addSql(`create index "quote_quote_date_index" on "quote" ("quote_date", "id");`);
    this.addSql(`create index "quote_status_quote_date_index" on "quote" ("status", "quote_date", "id");`);

    this.addSql(`drop index "sales_order_status_index";`);

    this.addSql(`alter table "sales_order" add column "discount_percent" numeric(5,2) not null default '0', add column "quote_id" int null, add column "approved_by_id" int null, add column "approved_at" timestamptz null, add column "confirmed_at" timestamptz null, add column "shipped_at" timestamptz null, add column "delivered_at" timestamptz null, add column "cancelled_at" timestamptz null;`);
    this.addSql(`alter table "sales_order" alter column "status" type text using ("status"::text);`);
    this.addSql(`alter table "sales_order" alter column "payment_status" type text using ("payment_status"::text);`);
    this.addSql(`alter table "sales_order" add constraint "sales_order_quote_id_foreign" foreign key ("quote_id") references "quote" ("id") on update cascade on delete set null;`);
    this.addSql(`alter table "sales_order" add constraint "sales_order_approved_by_id_foreign" foreign key ("approved_by_id") references "user" ("id") on update cascade on delete set null;`);
    this.addSql(`alter table "sales_order" add constraint "sales_order_status_check" check("status" in ('awaiting_approval', 'pending', 'confirmed', 'shipped', 'delivered', 'cancelled'));`);
    this.addSql(`alter table "sales_order" add constraint "sales_order_payment_status_check" check("payment_status" in ('pending', 'paid', 'refunded'));`);
    this.addSql(`alter table "sales_order" add constraint "sales_order_quote_id_unique" unique ("quote_id");`);
    this.addSql(`create index "sales_order_order_date_index" on "sales_order" ("order_date", "id");`);
    this.addSql(`create index "sales_order_status_order_date_index" on "sales_order" ("status", "order_date", "id");`);

    this.addSql(`alter table "sales_order_item" add column "position" int not null default 0, add column "product_name" varchar(255) not null, add column "sku" varchar(100) not null, add column "vat_rate" numeric(5,2) not null, add column "purchase_price" numeric(10,2) not null;`);
    this.addSql(`alter table "sales_order_item" add constraint sales_order_item_quantity_check check(quantity > 0);`);

    this.addSql(`alter table "quote_item" add column "position" int not null default 0, add column "product_name" varchar(255) not null, add column "sku" varchar(100) not null, add column "vat_rate" numeric(5,2) not null, add column "purchase_price" numeric(10,2) not null;`);
    this.addSql(`alter table "quote_item" add constraint quote_item_quantity_check check(quantity > 0);`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "document_number" cascade;`);

    this.addSql(`alter table "quote" drop constraint if exists "quote_status_check";`);

    this.addSql(`alter table "sales_order" drop constraint if exists "sales_order_status_check";`);
    this.addSql(`alter table "sales_order" drop constraint if exists "sales_order_payment_status_check";`);

    this.addSql(`alter table "sales_order" drop constraint "sales_order_quote_id_foreign";`);
    this.addSql(`alter table "sales_order" drop constraint "sales_order_approved_by_id_foreign";`);

    this.addSql(`drop index "quote_quote_date_index";`);
    this.addSql(`drop index "quote_status_quote_date_index";`);
    this.addSql(`alter table "quote" drop column "discount_percent", drop column "sent_at";`);

    this.addSql(`alter table "quote" alter column "status" type varchar(20) using ("status"::varchar(20));`);
    this.addSql(`create index "quote_status_index" on "quote" ("status");`);

    this.addSql(`alter table "quote_item" drop constraint quote_item_quantity_check;`);
    this.addSql(`alter table "quote_item" drop column "position", drop column "product_name", drop column "sku", drop column "vat_rate", drop column "purchase_price";`);

    this.addSql(`alter table "sales_order" drop constraint "sales_order_quote_id_unique";`);
    this.addSql(`drop index "sales_order_order_date_index";`);
    this.addSql(`drop index "sales_order_status_order_date_index";`);
    this.addSql(`alter table "sales_order" drop column "discount_percent", drop column "quote_id", drop column "approved_by_id", drop column "approved_at", drop column "confirmed_at", drop column "shipped_at", drop column "delivered_at", drop column "cancelled_at";`);

    this.addSql(`alter table "sales_order" alter column "status" type varchar(20) using ("status"::varchar(20));`);
    this.addSql(`alter table "sales_order" alter column "payment_status" type varchar(20) using ("payment_status"::varchar(20));`);
    this.addSql(`create index "sales_order_status_index" on "sales_order" ("status");`);

    this.addSql(`alter table "sales_order_item" drop constraint sales_order_item_quantity_check;`);
    this.addSql(`alter table "sales_order_item" drop column "position", drop column "product_name", drop column "sku", drop column "vat_rate", drop column "purchase_price";`);
  }

}
