import { Migration } from '@mikro-orm/migrations';

export class Migration20261123185257 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "stock_value_snapshot" ("day" date not null, "value_at_price" numeric(20,2) not null, "value_at_cost" numeric(20,2) not null, "units" bigint not null, "products" int not null, "taken_at" timestamptz not null default now(), constraint "stock_value_snapshot_pkey" primary key ("day"));`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "stock_value_snapshot" cascade;`);
  }

}
