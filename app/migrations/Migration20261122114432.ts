import { Migration } from "@mikro-orm/migrations";

export class Migration20261122114432 extends Migration {
  override async up(): Promise<void> {
    // Trigram matching for the catalogue search; the embedded PostgreSQL ships the extension.
    this.addSql(`create extension if not exists pg_trgm;`);
    this.addSql(
      `create table "category" ("id" serial primary key, "name" varchar(100) not null, "description" text null, "parent_id" int null, "created_at" timestamptz not null default now(), "version" int not null default 1);`,
    );
    this.addSql(`create index "category_parent_id_index" on "category" ("parent_id");`);

    this.addSql(
      `create table "customer" ("id" serial primary key, "first_name" varchar(100) not null, "last_name" varchar(100) not null, "email" varchar(255) not null, "phone" varchar(20) null, "company" varchar(200) null, "vat_number" varchar(50) null, "address" text null, "city" varchar(100) null, "postal_code" varchar(20) null, "country" varchar(100) null, "customer_type" varchar(20) not null default 'retail', "vip_status" boolean not null default false, "discount_percentage" numeric(5,2) not null default '0', "credit_limit" numeric(10,2) not null default '0', "notes" text null, "total_orders" int not null default 0, "total_spent" numeric(10,2) not null default '0', "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "version" int not null default 1);`,
    );
    this.addSql(`alter table "customer" add constraint "customer_email_unique" unique ("email");`);

    this.addSql(
      `create table "product" ("id" serial primary key, "name" varchar(255) not null, "sku" varchar(100) not null, "brand" varchar(100) not null, "category_id" int null, "purchase_price" numeric(10,2) not null, "selling_price" numeric(10,2) not null, "vat_inclusive" boolean not null default true, "stock_level" int not null default 0, "supplier" varchar(255) not null, "ean" varchar(14) null, "image_url" text null, "barcode" varchar(100) null, "status" text check ("status" in ('active', 'inactive', 'eol')) not null default 'active', "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "version" int not null default 1);`,
    );
    this.addSql(`alter table "product" add constraint "product_sku_unique" unique ("sku");`);
    this.addSql(`create index "product_category_id_index" on "product" ("category_id");`);
    this.addSql(`create index "product_stock_level_index" on "product" ("stock_level");`);
    this.addSql(`create index "product_ean_index" on "product" ("ean");`);
    this.addSql(`create index "product_barcode_index" on "product" ("barcode");`);
    this.addSql(`create index "product_status_index" on "product" ("status");`);
    this.addSql(`create index product_name_trgm on product using gin (name gin_trgm_ops);`);
    this.addSql(`create index product_sku_trgm on product using gin (sku gin_trgm_ops);`);
    this.addSql(`create index product_brand_trgm on product using gin (brand gin_trgm_ops);`);
    this.addSql(`create index product_ean_trgm on product using gin (ean gin_trgm_ops);`);

    this.addSql(
      `create table "alert" ("id" serial primary key, "type" varchar(30) not null, "title" varchar(255) not null, "message" text not null, "product_id" int null, "is_read" boolean not null default false, "created_at" timestamptz not null default now());`,
    );
    this.addSql(`create index "alert_product_id_index" on "alert" ("product_id");`);
    this.addSql(`create index "alert_is_read_index" on "alert" ("is_read");`);
    this.addSql(`create unique index alert_unread_unique on alert (type, product_id) where is_read = false;`);

    this.addSql(
      `create table "session" ("sid" varchar(255) not null, "sess" jsonb not null, "expire" timestamptz not null, constraint "session_pkey" primary key ("sid"));`,
    );
    this.addSql(`create index "session_expire_index" on "session" ("expire");`);

    this.addSql(
      `create table "user" ("id" serial primary key, "email" varchar(255) not null, "password" varchar(255) not null, "first_name" varchar(100) null, "last_name" varchar(100) null, "profile_image_url" text null, "role" text check ("role" in ('admin', 'manager', 'salesperson')) not null default 'salesperson', "is_active" boolean not null default true, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "version" int not null default 1);`,
    );
    this.addSql(`alter table "user" add constraint "user_email_unique" unique ("email");`);

    this.addSql(
      `create table "sales_order" ("id" serial primary key, "order_number" varchar(50) not null, "customer_id" int null, "status" varchar(20) not null default 'pending', "order_date" timestamptz not null default now(), "delivery_date" timestamptz null, "subtotal" numeric(10,2) not null default '0', "tax_amount" numeric(10,2) not null default '0', "discount_amount" numeric(10,2) not null default '0', "total_amount" numeric(10,2) not null default '0', "payment_status" varchar(20) not null default 'pending', "payment_method" varchar(50) null, "notes" text null, "created_by_id" int null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "version" int not null default 1);`,
    );
    this.addSql(
      `alter table "sales_order" add constraint "sales_order_order_number_unique" unique ("order_number");`,
    );
    this.addSql(`create index "sales_order_customer_id_index" on "sales_order" ("customer_id");`);
    this.addSql(`create index "sales_order_status_index" on "sales_order" ("status");`);

    this.addSql(
      `create table "sales_order_item" ("id" serial primary key, "order_id" int not null, "product_id" int not null, "quantity" int not null, "unit_price" numeric(10,2) not null, "total_price" numeric(10,2) not null);`,
    );
    this.addSql(`create index "sales_order_item_order_id_index" on "sales_order_item" ("order_id");`);
    this.addSql(`create index "sales_order_item_product_id_index" on "sales_order_item" ("product_id");`);

    this.addSql(
      `create table "quote" ("id" serial primary key, "quote_number" varchar(50) not null, "customer_id" int null, "status" varchar(20) not null default 'draft', "quote_date" timestamptz not null default now(), "valid_until" date not null, "subtotal" numeric(10,2) not null default '0', "tax_amount" numeric(10,2) not null default '0', "discount_amount" numeric(10,2) not null default '0', "total_amount" numeric(10,2) not null default '0', "notes" text null, "created_by_id" int null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "version" int not null default 1);`,
    );
    this.addSql(`alter table "quote" add constraint "quote_quote_number_unique" unique ("quote_number");`);
    this.addSql(`create index "quote_customer_id_index" on "quote" ("customer_id");`);
    this.addSql(`create index "quote_status_index" on "quote" ("status");`);

    this.addSql(
      `create table "quote_item" ("id" serial primary key, "quote_id" int not null, "product_id" int not null, "quantity" int not null, "unit_price" numeric(10,2) not null, "total_price" numeric(10,2) not null);`,
    );
    this.addSql(`create index "quote_item_quote_id_index" on "quote_item" ("quote_id");`);
    this.addSql(`create index "quote_item_product_id_index" on "quote_item" ("product_id");`);

    this.addSql(
      `create table "price_history" ("id" serial primary key, "product_id" int not null, "purchase_price" numeric(10,2) not null, "selling_price" numeric(10,2) not null, "margin" numeric(8,2) not null, "changed_by_id" int null, "created_at" timestamptz not null default now());`,
    );
    this.addSql(`create index "price_history_product_id_index" on "price_history" ("product_id");`);

    this.addSql(
      `create table "notification_setting" ("id" serial primary key, "user_id" int not null, "type" varchar(50) not null, "enabled" boolean not null default true, "email_enabled" boolean not null default true, "sms_enabled" boolean not null default false, "threshold_value" numeric(10,2) null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "version" int not null default 1);`,
    );
    this.addSql(
      `alter table "notification_setting" add constraint "notification_setting_user_id_type_unique" unique ("user_id", "type");`,
    );

    this.addSql(
      `create table "campaign" ("id" serial primary key, "name" varchar(200) not null, "description" text null, "start_date" date not null, "end_date" date not null, "is_active" boolean not null default true, "created_by_id" int null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "version" int not null default 1);`,
    );

    this.addSql(
      `create table "campaign_product" ("id" serial primary key, "campaign_id" int not null, "product_id" int not null, "discount_price" numeric(10,2) not null, "original_price" numeric(10,2) not null);`,
    );
    this.addSql(`create index "campaign_product_product_id_index" on "campaign_product" ("product_id");`);
    this.addSql(
      `alter table "campaign_product" add constraint "campaign_product_campaign_id_product_id_unique" unique ("campaign_id", "product_id");`,
    );

    this.addSql(
      `create table "automation_rule" ("id" serial primary key, "name" varchar(200) not null, "type" varchar(50) not null, "is_active" boolean not null default true, "conditions" jsonb not null, "actions" jsonb not null, "last_run" timestamptz null, "created_by_id" int null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "version" int not null default 1);`,
    );

    this.addSql(
      `alter table "category" add constraint "category_parent_id_foreign" foreign key ("parent_id") references "category" ("id") on update cascade on delete no action;`,
    );

    this.addSql(
      `alter table "product" add constraint "product_category_id_foreign" foreign key ("category_id") references "category" ("id") on update cascade on delete no action;`,
    );

    this.addSql(
      `alter table "alert" add constraint "alert_product_id_foreign" foreign key ("product_id") references "product" ("id") on update cascade on delete cascade;`,
    );

    this.addSql(
      `alter table "sales_order" add constraint "sales_order_customer_id_foreign" foreign key ("customer_id") references "customer" ("id") on update cascade on delete set null;`,
    );
    this.addSql(
      `alter table "sales_order" add constraint "sales_order_created_by_id_foreign" foreign key ("created_by_id") references "user" ("id") on update cascade on delete set null;`,
    );

    this.addSql(
      `alter table "sales_order_item" add constraint "sales_order_item_order_id_foreign" foreign key ("order_id") references "sales_order" ("id") on update cascade on delete cascade;`,
    );
    this.addSql(
      `alter table "sales_order_item" add constraint "sales_order_item_product_id_foreign" foreign key ("product_id") references "product" ("id") on update cascade on delete no action;`,
    );

    this.addSql(
      `alter table "quote" add constraint "quote_customer_id_foreign" foreign key ("customer_id") references "customer" ("id") on update cascade on delete set null;`,
    );
    this.addSql(
      `alter table "quote" add constraint "quote_created_by_id_foreign" foreign key ("created_by_id") references "user" ("id") on update cascade on delete set null;`,
    );

    this.addSql(
      `alter table "quote_item" add constraint "quote_item_quote_id_foreign" foreign key ("quote_id") references "quote" ("id") on update cascade on delete cascade;`,
    );
    this.addSql(
      `alter table "quote_item" add constraint "quote_item_product_id_foreign" foreign key ("product_id") references "product" ("id") on update cascade on delete no action;`,
    );

    this.addSql(
      `alter table "price_history" add constraint "price_history_product_id_foreign" foreign key ("product_id") references "product" ("id") on update cascade on delete cascade;`,
    );
    this.addSql(
      `alter table "price_history" add constraint "price_history_changed_by_id_foreign" foreign key ("changed_by_id") references "user" ("id") on update cascade on delete set null;`,
    );

    this.addSql(
      `alter table "notification_setting" add constraint "notification_setting_user_id_foreign" foreign key ("user_id") references "user" ("id") on update cascade on delete cascade;`,
    );

    this.addSql(
      `alter table "campaign" add constraint "campaign_created_by_id_foreign" foreign key ("created_by_id") references "user" ("id") on update cascade on delete set null;`,
    );

    this.addSql(
      `alter table "campaign_product" add constraint "campaign_product_campaign_id_foreign" foreign key ("campaign_id") references "campaign" ("id") on update cascade on delete cascade;`,
    );
    this.addSql(
      `alter table "campaign_product" add constraint "campaign_product_product_id_foreign" foreign key ("product_id") references "product" ("id") on update cascade on delete cascade;`,
    );

    this.addSql(
      `alter table "automation_rule" add constraint "automation_rule_created_by_id_foreign" foreign key ("created_by_id") references "user" ("id") on update cascade on delete set null;`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "category" drop constraint "category_parent_id_foreign";`);

    this.addSql(`alter table "product" drop constraint "product_category_id_foreign";`);

    this.addSql(`alter table "sales_order" drop constraint "sales_order_customer_id_foreign";`);

    this.addSql(`alter table "quote" drop constraint "quote_customer_id_foreign";`);

    this.addSql(`alter table "alert" drop constraint "alert_product_id_foreign";`);

    this.addSql(`alter table "sales_order_item" drop constraint "sales_order_item_product_id_foreign";`);

    this.addSql(`alter table "quote_item" drop constraint "quote_item_product_id_foreign";`);

    this.addSql(`alter table "price_history" drop constraint "price_history_product_id_foreign";`);

    this.addSql(`alter table "campaign_product" drop constraint "campaign_product_product_id_foreign";`);

    this.addSql(`alter table "sales_order" drop constraint "sales_order_created_by_id_foreign";`);

    this.addSql(`alter table "quote" drop constraint "quote_created_by_id_foreign";`);

    this.addSql(`alter table "price_history" drop constraint "price_history_changed_by_id_foreign";`);

    this.addSql(`alter table "notification_setting" drop constraint "notification_setting_user_id_foreign";`);

    this.addSql(`alter table "campaign" drop constraint "campaign_created_by_id_foreign";`);

    this.addSql(`alter table "automation_rule" drop constraint "automation_rule_created_by_id_foreign";`);

    this.addSql(`alter table "sales_order_item" drop constraint "sales_order_item_order_id_foreign";`);

    this.addSql(`alter table "quote_item" drop constraint "quote_item_quote_id_foreign";`);

    this.addSql(`alter table "campaign_product" drop constraint "campaign_product_campaign_id_foreign";`);

    this.addSql(`drop table if exists "category" cascade;`);

    this.addSql(`drop table if exists "customer" cascade;`);

    this.addSql(`drop table if exists "product" cascade;`);

    this.addSql(`drop table if exists "alert" cascade;`);

    this.addSql(`drop table if exists "session" cascade;`);

    this.addSql(`drop table if exists "user" cascade;`);

    this.addSql(`drop table if exists "sales_order" cascade;`);

    this.addSql(`drop table if exists "sales_order_item" cascade;`);

    this.addSql(`drop table if exists "quote" cascade;`);

    this.addSql(`drop table if exists "quote_item" cascade;`);

    this.addSql(`drop table if exists "price_history" cascade;`);

    this.addSql(`drop table if exists "notification_setting" cascade;`);

    this.addSql(`drop table if exists "campaign" cascade;`);

    this.addSql(`drop table if exists "campaign_product" cascade;`);

    this.addSql(`drop table if exists "automation_rule" cascade;`);
  }
}
