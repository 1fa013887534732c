import { Migration } from '@mikro-orm/migrations';

export class Migration20261123160105 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "audit_log" ("id" bigserial primary key, "created_at" timestamptz not null default now(), "user_id" int null, "user_name" varchar(255) not null default '', "entity_type" varchar(30) not null, "entity_id" int not null, "entity_label" varchar(255) not null default '', "action" text check ("action" in ('create', 'update', 'delete')) not null, "changes" jsonb not null default '{}', "request_id" varchar(64) null);`);
    this.addSql(`create index "audit_log_created_at_index" on "audit_log" ("created_at", "id");`);
    this.addSql(`create index "audit_log_entity_index" on "audit_log" ("entity_type", "entity_id", "created_at");`);
    this.addSql(`create index "audit_log_user_index" on "audit_log" ("user_id", "created_at");`);

    this.addSql(`alter table "audit_log" add constraint "audit_log_user_id_foreign" foreign key ("user_id") references "user" ("id") on update cascade on delete set null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "audit_log" cascade;`);
  }

}
