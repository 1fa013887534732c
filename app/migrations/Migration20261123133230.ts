import { Migration } from '@mikro-orm/migrations';

export class Migration20261123133230 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "sign_in_failure" ("id" bigserial primary key, "account" varchar(255) not null, "address" varchar(100) not null, "created_at" timestamptz not null default now());`);
    this.addSql(`create index "sign_in_failure_account_index" on "sign_in_failure" ("account", "created_at");`);
    this.addSql(`create index "sign_in_failure_address_index" on "sign_in_failure" ("address", "created_at");`);
    this.addSql(`create index "sign_in_failure_created_at_index" on "sign_in_failure" ("created_at");`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "sign_in_failure" cascade;`);
  }

}
