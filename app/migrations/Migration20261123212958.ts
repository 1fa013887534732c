import { Migration } from '@mikro-orm/migrations';

/** A product's supplier text as the migration reads it: trimmed; a blank one is named, not lost. */
const supplierName = (column: string) =>
  `coalesce(nullif(btrim(${column}, E' \\t\\r\\n'), ''), 'Unknown supplier')`;

/**
 * Data (hand-written): one supplier per distinct trimmed name in any letter case, spelt as most
 * of its products spell it (ties: the spelling that sorts first), and every product pointed to it.
 */
export const SUPPLIERS_FROM_TEXT_SQL = [
  `insert into supplier (name)
    select distinct on (lower(name)) name from (
      select ${supplierName('supplier')} as name, count(*) as uses from product group by 1) spellings
    order by lower(name), uses desc, name;`,
  `update product p set supplier_id = s.id from supplier s
    where lower(s.name) = lower(${supplierName('p.supplier')});`,
];

export class Migration20261123212958 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "supplier" ("id" serial primary key, "name" varchar(255) not null, "contact_name" varchar(255) null, "email" varchar(255) null, "phone" varchar(50) null, "lead_time_days" int not null default 7, "notes" text null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "version" int not null default 1, constraint supplier_lead_time_days_check check (lead_time_days >= 0 and lead_time_days <= 365));`);
    this.addSql(`create unique index supplier_name_lower_index on supplier (lower(name));`);
    this.addSql(`create index supplier_search_trgm on supplier using gin ((name || ' ' || coalesce(contact_name, '') || ' ' || coalesce(email, '')) gin_trgm_ops);`);

    // The text column becomes a reference, without losing a name (hand-written: the data moves).
    this.addSql(`alter table "product" add column "supplier_id" int null;`);
    for (const statement of SUPPLIERS_FROM_TEXT_SQL) this.addSql(statement);
    this.addSql(`alter table "product" alter column "supplier_id" set not null;`);
    this.addSql(`alter table "product" drop column "supplier";`);

    this.addSql(`alter table "product" add constraint "product_supplier_id_foreign" foreign key ("supplier_id") references "supplier" ("id") on update cascade on delete no action;`);
    this.addSql(`create index "product_supplier_id_index" on "product" ("supplier_id");`);
  }

  override async down(): Promise<void> {
    // Back to the supplier's name as the product's text (hand-written: the data moves back).
    this.addSql(`alter table "product" add column "supplier" varchar(255) null;`);
    this.addSql(`update product p set supplier = s.name from supplier s where s.id = p.supplier_id;`);
    this.addSql(`alter table "product" alter column "supplier" set not null;`);

    this.addSql(`alter table "product" drop constraint "product_supplier_id_foreign";`);
    this.addSql(`drop index "product_supplier_id_index";`);
    this.addSql(`alter table "product" drop column "supplier_id";`);

    this.addSql(`drop table if exists "supplier" cascade;`);
  }

}
