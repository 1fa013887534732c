import { Migration } from '@mikro-orm/migrations';

export class Migration20261127132543 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "supplier_claim" ("id" serial primary key, "claim_number" varchar(50) not null, "supplier_id" int not null, "status" text check ("status" in ('draft', 'sent', 'closed')) not null default 'draft', "note" text null, "created_by_id" int null, "sent_at" timestamptz null, "sent_to" varchar(255) null, "email_id" int null, "closed_at" timestamptz null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "version" int not null default 1);`);
    this.addSql(`alter table "supplier_claim" add constraint "supplier_claim_claim_number_unique" unique ("claim_number");`);
    this.addSql(`create index "supplier_claim_supplier_id_index" on "supplier_claim" ("supplier_id");`);
    this.addSql(`create index "supplier_claim_created_at_index" on "supplier_claim" ("created_at", "id");`);
    this.addSql(`create index "supplier_claim_status_created_at_index" on "supplier_claim" ("status", "created_at", "id");`);

    this.addSql(`create table "supplier_claim_line" ("id" serial primary key, "claim_id" int not null, "product_id" int not null, "position" int not null default 0, "product_name" varchar(255) not null, "sku" varchar(100) not null, "unit_id" int null, "quantity" int not null, "unit_cost" numeric(10,2) not null, "note" text null, "outcome" text check ("outcome" in ('credited', 'replaced', 'refused')) null, "credited_amount" numeric(10,2) null, "replacement_unit_id" int null, "outcome_note" text null, "outcome_at" timestamptz null, "outcome_by_id" int null, constraint supplier_claim_line_quantity_check check (quantity > 0), constraint supplier_claim_line_credited_check check (credited_amount >= 0));`);
    this.addSql(`create index "supplier_claim_line_claim_id_index" on "supplier_claim_line" ("claim_id");`);
    this.addSql(`create index "supplier_claim_line_product_id_index" on "supplier_claim_line" ("product_id");`);
    this.addSql(`create index "supplier_claim_line_unit_id_index" on "supplier_claim_line" ("unit_id");`);
    this.addSql(`create index "supplier_claim_line_replacement_unit_id_index" on "supplier_claim_line" ("replacement_unit_id");`);

    this.addSql(`alter table "supplier_claim" add constraint "supplier_claim_supplier_id_foreign" foreign key ("supplier_id") references "supplier" ("id") on update cascade on delete no action;`);
    this.addSql(`alter table "supplier_claim" add constraint "supplier_claim_created_by_id_foreign" foreign key ("created_by_id") references "user" ("id") on update cascade on delete set null;`);
    this.addSql(`alter table "supplier_claim" add constraint "supplier_claim_email_id_foreign" foreign key ("email_id") references "email_outbox" ("id") on update cascade on delete set null;`);

    this.addSql(`alter table "supplier_claim_line" add constraint "supplier_claim_line_claim_id_foreign" foreign key ("claim_id") references "supplier_claim" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "supplier_claim_line" add constraint "supplier_claim_line_product_id_foreign" foreign key ("product_id") references "product" ("id") on update cascade on delete no action;`);
    this.addSql(`alter table "supplier_claim_line" add constraint "supplier_claim_line_unit_id_foreign" foreign key ("unit_id") references "serial_unit" ("id") on update cascade on delete no action;`);
    this.addSql(`alter table "supplier_claim_line" add constraint "supplier_claim_line_replacement_unit_id_foreign" foreign key ("replacement_unit_id") references "serial_unit" ("id") on update cascade on delete set null;`);
    this.addSql(`alter table "supplier_claim_line" add constraint "supplier_claim_line_outcome_by_id_foreign" foreign key ("outcome_by_id") references "user" ("id") on update cascade on delete set null;`);

    this.addSql(`create index product_defective_supplier_index on product (supplier_id) where defective_stock > 0;`);

    this.addSql(`create index serial_unit_defective_index on serial_unit (product_id) where state = 'defective';`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "supplier_claim_line" drop constraint "supplier_claim_line_claim_id_foreign";`);

    this.addSql(`drop table if exists "supplier_claim" cascade;`);

    this.addSql(`drop table if exists "supplier_claim_line" cascade;`);

    this.addSql(`drop index "product_defective_supplier_index";`);

    this.addSql(`drop index "serial_unit_defective_index";`);
  }

}
