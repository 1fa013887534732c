import { Migration } from '@mikro-orm/migrations';

/** Raises when a product's stock level is not the sum of its product_stock rows (the product's id from either table). */
const TOTAL_CHECK_FUNCTION = `create function product_stock_total_check() returns trigger language plpgsql as $body$
declare
  checked int;
  level int;
  placed bigint;
begin
  if tg_table_name = 'product' then
    checked := new.id;
  elsif tg_op = 'DELETE' then
    checked := old.product_id;
  else
    checked := new.product_id;
  end if;
  select stock_level into level from product where id = checked;
  if not found then
    return null;
  end if;
  select coalesce(sum(quantity), 0) into placed from product_stock where product_id = checked;
  if placed <> level then
    raise exception 'product % has stock level % but % over its locations', checked, level, placed
      using errcode = '23514', constraint = 'product_stock_total';
  end if;
  return null;
end
$body$;`;

export class Migration20261127155114 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "location" ("id" serial primary key, "name" varchar(100) not null, "kind" text check ("kind" in ('store', 'warehouse')) not null default 'store', "address" text null, "active" boolean not null default true, "is_default" boolean not null default false, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "version" int not null default 1, constraint location_default_active_check check (not is_default or active));`);
    this.addSql(`create unique index location_name_lower_index on location (lower(name));`);
    this.addSql(`create unique index location_default_index on location (is_default) where is_default;`);

    this.addSql(`create table "product_stock" ("id" serial primary key, "product_id" int not null, "location_id" int not null, "quantity" int not null default 0, "reorder_point" int null, "shelf" varchar(50) null, constraint product_stock_quantity_check check (quantity >= 0), constraint product_stock_reorder_point_check check (reorder_point >= 0 and reorder_point <= 999999999));`);
    this.addSql(`create index product_stock_location_index on product_stock (location_id, product_id) include (quantity);`);
    this.addSql(`alter table "product_stock" add constraint "product_stock_product_location_unique" unique ("product_id", "location_id");`);

    this.addSql(`alter table "product_stock" add constraint "product_stock_product_id_foreign" foreign key ("product_id") references "product" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "product_stock" add constraint "product_stock_location_id_foreign" foreign key ("location_id") references "location" ("id") on update cascade on delete no action;`);

    this.addSql(`alter table "stock_movement" drop constraint if exists "stock_movement_reason_check";`);

    this.addSql(`alter table "user" add column "location_id" int null;`);
    this.addSql(`alter table "user" add constraint "user_location_id_foreign" foreign key ("location_id") references "location" ("id") on update cascade on delete set null;`);
    this.addSql(`create index "user_location_id_index" on "user" ("location_id");`);

    this.addSql(`alter table "stock_movement" drop constraint stock_movement_direction_check;`);

    // Written by hand (issue #32): every database has a default location, "Main store", and all the
    // stock there was before is in it: each movement names it, its running sum there is the
    // product's running sum, and each product with stock has its row there with its whole level.
    this.addSql(`insert into "location" ("name", "kind", "is_default") values ('Main store', 'store', true);`);
    this.addSql(`alter table "stock_movement" add column "location_id" int null, add column "location_stock_after" int null;`);
    this.addSql(`update "stock_movement" set "location_id" = (select "id" from "location" where "is_default"), "location_stock_after" = "stock_after";`);
    this.addSql(`alter table "stock_movement" alter column "location_id" set not null, alter column "location_stock_after" set not null;`);
    this.addSql(`alter table "serial_unit" add column "location_id" int null;`);
    this.addSql(`update "serial_unit" set "location_id" = (select "id" from "location" where "is_default");`);
    this.addSql(`alter table "serial_unit" alter column "location_id" set not null;`);
    this.addSql(`alter table "serial_unit" add constraint "serial_unit_location_id_foreign" foreign key ("location_id") references "location" ("id") on update cascade on delete no action;`);
    this.addSql(`create index "serial_unit_location_id_index" on "serial_unit" ("location_id");`);
    this.addSql(`insert into "product_stock" ("product_id", "location_id", "quantity") select "id", (select "id" from "location" where "is_default"), "stock_level" from "product" where "stock_level" <> 0;`);
    this.addSql(`alter table "stock_movement" add constraint "stock_movement_location_id_foreign" foreign key ("location_id") references "location" ("id") on update cascade on delete no action;`);
    this.addSql(`alter table "stock_movement" add constraint "stock_movement_reason_check" check("reason" in ('receipt', 'sale', 'return', 'damage', 'count', 'adjustment', 'opening', 'transfer_out', 'transfer_in'));`);
    this.addSql(`create index stock_movement_location_created_index on stock_movement (location_id, created_at desc, id desc);`);
    this.addSql(`alter table "stock_movement" add constraint stock_movement_location_stock_after_check check(location_stock_after >= 0);`);
    this.addSql(`alter table "stock_movement" add constraint stock_movement_direction_check check((reason = any (array['receipt', 'return', 'opening', 'transfer_in']) and quantity > 0) or (reason = any (array['sale', 'damage', 'transfer_out']) and quantity < 0) or reason = any (array['count', 'adjustment']));`);

    // Written by hand (issue #32): a product's total is the sum of its stock over the locations,
    // checked at every commit (a deferred constraint trigger on both tables: the write path moves
    // both in one transaction, so the check waits for its end).
    this.addSql(TOTAL_CHECK_FUNCTION);
    this.addSql(`create constraint trigger product_stock_total after insert or update or delete on product_stock deferrable initially deferred for each row execute function product_stock_total_check();`);
    this.addSql(`create constraint trigger product_stock_total after insert or update of stock_level on product deferrable initially deferred for each row execute function product_stock_total_check();`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop trigger if exists product_stock_total on product;`);
    this.addSql(`drop trigger if exists product_stock_total on product_stock;`);
    this.addSql(`drop function if exists product_stock_total_check();`);
    this.addSql(`alter table "product_stock" drop constraint "product_stock_location_id_foreign";`);

    this.addSql(`alter table "user" drop constraint "user_location_id_foreign";`);

    this.addSql(`alter table "stock_movement" drop constraint "stock_movement_location_id_foreign";`);

    this.addSql(`alter table "serial_unit" drop constraint "serial_unit_location_id_foreign";`);
    this.addSql(`drop index "serial_unit_location_id_index";`);
    this.addSql(`alter table "serial_unit" drop column "location_id";`);

    this.addSql(`drop table if exists "location" cascade;`);

    this.addSql(`drop table if exists "product_stock" cascade;`);

    this.addSql(`alter table "stock_movement" drop constraint if exists "stock_movement_reason_check";`);

    this.addSql(`drop index "stock_movement_location_created_index";`);
    this.addSql(`alter table "stock_movement" drop constraint stock_movement_location_stock_after_check;`);
    this.addSql(`alter table "stock_movement" drop constraint stock_movement_direction_check;`);
    this.addSql(`alter table "stock_movement" drop column "location_id", drop column "location_stock_after";`);

    this.addSql(`alter table "stock_movement" add constraint "stock_movement_reason_check" check("reason" in ('receipt', 'sale', 'return', 'damage', 'count', 'adjustment', 'opening'));`);
    this.addSql(`alter table "stock_movement" add constraint stock_movement_direction_check check(((reason = ANY (ARRAY['receipt'::text, 'return'::text, 'opening'::text])) AND (quantity > 0)) OR ((reason = ANY (ARRAY['sale'::text, 'damage'::text])) AND (quantity < 0)) OR (reason = ANY (ARRAY['count'::text, 'adjustment'::text])));`);

    this.addSql(`drop index "user_location_id_index";`);
    this.addSql(`alter table "user" drop column "location_id";`);
  }

}
