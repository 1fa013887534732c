import { Migration } from '@mikro-orm/migrations';

export class Migration20261127072407 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "below_cost_approval" ("id" serial primary key, "created_at" timestamptz not null default now(), "user_id" int null, "user_name" varchar(255) not null default '', "reason" varchar(500) not null, "subject" text check ("subject" in ('product', 'campaign', 'price_batch', 'quote', 'order', 'customer')) not null, "subject_id" int not null, "product_id" int null, "label" varchar(255) not null, "price" numeric(10,2) null, "cost" numeric(10,2) null, "margin" numeric(15,1) null, "discount_percent" numeric(5,2) null);`);
    this.addSql(`create index "below_cost_approval_user_id_index" on "below_cost_approval" ("user_id");`);
    this.addSql(`create index "below_cost_approval_product_id_index" on "below_cost_approval" ("product_id");`);

    this.addSql(`alter table "below_cost_approval" add constraint "below_cost_approval_user_id_foreign" foreign key ("user_id") references "user" ("id") on update cascade on delete set null;`);
    this.addSql(`alter table "below_cost_approval" add constraint "below_cost_approval_product_id_foreign" foreign key ("product_id") references "product" ("id") on update cascade on delete set null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "below_cost_approval" cascade;`);
  }

}
