import { Migration } from '@mikro-orm/migrations';

export class Migration20261123161136 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "api_token" ("id" serial primary key, "name" varchar(100) not null, "role" text check ("role" in ('admin', 'manager', 'salesperson')) not null, "token_hash" varchar(64) not null, "prefix" varchar(16) not null, "created_by_id" int not null, "created_at" timestamptz not null default now(), "last_used_at" timestamptz null, "revoked_at" timestamptz null, "window_start" timestamptz null, "window_count" int not null default 0);`);
    this.addSql(`alter table "api_token" add constraint "api_token_token_hash_unique" unique ("token_hash");`);
    this.addSql(`create index "api_token_created_by_id_index" on "api_token" ("created_by_id");`);

    this.addSql(`alter table "api_token" add constraint "api_token_created_by_id_foreign" foreign key ("created_by_id") references "user" ("id") on update cascade on delete cascade;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "api_token" cascade;`);
  }

}
