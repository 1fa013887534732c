import { Migration } from '@mikro-orm/migrations';

export class Migration20261127131802 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table "serial_unit" add column "sold_item_id" int null, add column "sold_at" timestamptz null;`);
    this.addSql(`alter table "serial_unit" add constraint "serial_unit_sold_item_id_foreign" foreign key ("sold_item_id") references "sales_order_item" ("id") on update cascade on delete set null;`);
    this.addSql(`create index "serial_unit_sold_item_id_index" on "serial_unit" ("sold_item_id");`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "serial_unit" drop constraint "serial_unit_sold_item_id_foreign";`);

    this.addSql(`drop index "serial_unit_sold_item_id_index";`);
    this.addSql(`alter table "serial_unit" drop column "sold_item_id", drop column "sold_at";`);
  }

}
