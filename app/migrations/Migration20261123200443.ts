import { Migration } from '@mikro-orm/migrations';

export class Migration20261123200443 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "report_schedule" ("id" serial primary key, "user_id" int not null, "report" text check ("report" in ('products', 'low-margin', 'low-stock', 'inventory-value', 'sales')) not null, "format" text check ("format" in ('excel', 'csv')) not null, "frequency" text check ("frequency" in ('daily', 'weekly')) not null, "weekday" smallint null, "category_id" int null, "sales_group" text check ("sales_group" in ('day', 'week', 'month')) null, "sales_days" smallint null, "active" boolean not null default true, "last_sent_at" timestamptz null, "created_at" timestamptz not null default now(), constraint report_schedule_weekday_check check ((frequency = 'weekly' and weekday >= 1 and weekday <= 7) or (frequency = 'daily' and weekday is null)), constraint report_schedule_sales_check check ((report = 'sales' and sales_group is not null and (sales_days = 7 or sales_days = 30)) or (report <> 'sales' and sales_group is null and sales_days is null)));`);
    this.addSql(`create index "report_schedule_user_id_index" on "report_schedule" ("user_id");`);
    this.addSql(`create index "report_schedule_category_id_index" on "report_schedule" ("category_id");`);

    this.addSql(`alter table "report_schedule" add constraint "report_schedule_user_id_foreign" foreign key ("user_id") references "user" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "report_schedule" add constraint "report_schedule_category_id_foreign" foreign key ("category_id") references "category" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "email_outbox" add column "attachments" jsonb null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "report_schedule" cascade;`);

    this.addSql(`alter table "email_outbox" drop column "attachments";`);
  }

}
