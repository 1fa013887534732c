import { Migration } from '@mikro-orm/migrations';

// Notifications and automation: the mail outbox, each user's language, and alerts that name
// their rule or campaign and carry their facts.
export class Migration20261123131328 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "email_outbox" ("id" serial primary key, "user_id" int null, "to_address" varchar(255) not null, "subject" varchar(255) not null, "body" text not null, "status" text check ("status" in ('pending', 'sent', 'failed')) not null default 'pending', "attempts" int not null default 0, "last_error" text null, "created_at" timestamptz not null default now(), "sent_at" timestamptz null);`);
    this.addSql(`create index "email_outbox_user_id_index" on "email_outbox" ("user_id");`);
    this.addSql(`create index "email_outbox_status_index" on "email_outbox" ("status", "id");`);

    this.addSql(`alter table "email_outbox" add constraint "email_outbox_user_id_foreign" foreign key ("user_id") references "user" ("id") on update cascade on delete set null;`);

    this.addSql(`alter table "user" add column "language" varchar(5) not null default 'en';`);

    this.addSql(`alter table "alert" add column "rule_id" int null, add column "campaign_id" int null, add column "data" jsonb null, add column "dedupe_key" varchar(100) null;`);
    this.addSql(`alter table "alert" add constraint "alert_rule_id_foreign" foreign key ("rule_id") references "automation_rule" ("id") on update cascade on delete set null;`);
    this.addSql(`alter table "alert" add constraint "alert_campaign_id_foreign" foreign key ("campaign_id") references "campaign" ("id") on update cascade on delete cascade;`);
    this.addSql(`create index "alert_rule_id_index" on "alert" ("rule_id");`);
    this.addSql(`create index "alert_campaign_id_index" on "alert" ("campaign_id");`);
    this.addSql(`alter table "alert" add constraint "alert_dedupe_key_unique" unique ("dedupe_key");`);
    // A rule's unread alert is its own, beside the shop-wide one of the same type and product.
    this.addSql(`drop index "alert_unread_unique";`);
    this.addSql(`create unique index alert_unread_unique on alert (type, product_id, coalesce(rule_id, 0)) where is_read = false;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "email_outbox" cascade;`);

    this.addSql(`alter table "alert" drop constraint "alert_rule_id_foreign";`);
    this.addSql(`alter table "alert" drop constraint "alert_campaign_id_foreign";`);

    this.addSql(`drop index "alert_unread_unique";`);
    this.addSql(`delete from alert a using alert b where a.is_read = false and b.is_read = false and a.type = b.type and a.product_id = b.product_id and a.id > b.id;`);
    this.addSql(`create unique index alert_unread_unique on alert (type, product_id) where is_read = false;`);
    this.addSql(`drop index "alert_rule_id_index";`);
    this.addSql(`drop index "alert_campaign_id_index";`);
    this.addSql(`alter table "alert" drop constraint "alert_dedupe_key_unique";`);
    this.addSql(`alter table "alert" drop column "rule_id", drop column "campaign_id", drop column "data", drop column "dedupe_key";`);

    this.addSql(`alter table "user" drop column "language";`);
  }

}
