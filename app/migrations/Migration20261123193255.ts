import { Migration } from '@mikro-orm/migrations';

/** Each existing product's stock as its opening movement. */
export const OPENING_MOVEMENTS_SQL = `insert into stock_movement (product_id, quantity, reason, stock_after, created_at)
  select id, stock_level, 'opening', stock_level, now() from product where stock_level > 0 order by id;`;

export class Migration20261123193255 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "stock_movement" ("id" serial primary key, "product_id" int not null, "quantity" int not null, "reason" text check ("reason" in ('receipt', 'sale', 'return', 'damage', 'count', 'adjustment', 'opening')) not null, "stock_after" int not null, "user_id" int null, "note" text null, "reference" varchar(100) null, "created_at" timestamptz not null default now(), constraint stock_movement_quantity_check check (quantity <> 0), constraint stock_movement_stock_after_check check (stock_after >= 0), constraint stock_movement_direction_check check ((reason = any (array['receipt', 'return', 'opening']) and quantity > 0) or (reason = any (array['sale', 'damage']) and quantity < 0) or reason = any (array['count', 'adjustment'])));`);
    this.addSql(`create index "stock_movement_user_id_index" on "stock_movement" ("user_id");`);
    this.addSql(`create index stock_movement_product_created_index on stock_movement (product_id, created_at desc, id desc);`);

    this.addSql(`alter table "stock_movement" add constraint "stock_movement_product_id_foreign" foreign key ("product_id") references "product" ("id") on update cascade on delete no action;`);
    this.addSql(`alter table "stock_movement" add constraint "stock_movement_user_id_foreign" foreign key ("user_id") references "user" ("id") on update cascade on delete set null;`);

    // Data (hand-written): the ledger opens with each existing product's stock as its "opening"
    // movement, dated now, so that every product's stock equals the sum of its ledger from day one.
    // Stock below zero cannot be written by the app (and a movement may not leave it below zero).
    this.addSql(OPENING_MOVEMENTS_SQL);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "stock_movement" cascade;`);
  }

}
