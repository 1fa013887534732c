import { Migration } from '@mikro-orm/migrations';

export class Migration20261127084052 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "label_queue" ("product_id" int not null, "reasons" text[] not null, "queued_at" timestamptz not null default now(), constraint "label_queue_pkey" primary key ("product_id"));`);

    this.addSql(`create table "label_print" ("id" serial primary key, "created_at" timestamptz not null default now(), "user_id" int null, "layout" varchar(30) not null, "language" varchar(5) not null, "count" int not null);`);
    this.addSql(`create index "label_print_created_at_index" on "label_print" ("created_at", "id");`);

    this.addSql(`create table "label_print_line" ("id" serial primary key, "print_id" int not null, "product_id" int not null, "price" numeric(10,2) not null);`);
    this.addSql(`create index "label_print_line_print_id_index" on "label_print_line" ("print_id");`);
    this.addSql(`create index "label_print_line_product_id_index" on "label_print_line" ("product_id");`);

    this.addSql(`alter table "label_queue" add constraint "label_queue_product_id_foreign" foreign key ("product_id") references "product" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "label_print" add constraint "label_print_user_id_foreign" foreign key ("user_id") references "user" ("id") on update cascade on delete set null;`);

    this.addSql(`alter table "label_print_line" add constraint "label_print_line_print_id_foreign" foreign key ("print_id") references "label_print" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "label_print_line" add constraint "label_print_line_product_id_foreign" foreign key ("product_id") references "product" ("id") on update cascade on delete cascade;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "label_print_line" drop constraint "label_print_line_print_id_foreign";`);

    this.addSql(`drop table if exists "label_queue" cascade;`);

    this.addSql(`drop table if exists "label_print" cascade;`);

    this.addSql(`drop table if exists "label_print_line" cascade;`);
  }

}
