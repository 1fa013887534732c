import { Migration } from '@mikro-orm/migrations';

export class Migration20261127155953 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create index product_stock_reorder_index on product_stock (location_id, (quantity - reorder_point)) include (product_id, quantity, reorder_point) where reorder_point is not null;`);
    this.addSql(`create index product_stock_reorder_all_index on product_stock ((quantity - reorder_point)) include (product_id, location_id, quantity, reorder_point) where reorder_point is not null;`);

    this.addSql(`alter table "alert" add column "location_id" int null;`);
    this.addSql(`alter table "alert" add constraint "alert_location_id_foreign" foreign key ("location_id") references "location" ("id") on update cascade on delete cascade;`);
    this.addSql(`create index "alert_location_id_index" on "alert" ("location_id");`);
    // A location's low stock is its own unread alert beside the total's (issue #32).
    this.addSql(`drop index "alert_unread_unique";`);
    this.addSql(`create unique index alert_unread_unique on alert (type, product_id, coalesce(rule_id, 0), coalesce(location_id, 0)) where is_read = false;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop index "alert_unread_unique";`);
    this.addSql(`delete from alert where location_id is not null;`);
    this.addSql(`create unique index alert_unread_unique on alert (type, product_id, coalesce(rule_id, 0)) where is_read = false;`);
    this.addSql(`alter table "alert" drop constraint "alert_location_id_foreign";`);

    this.addSql(`drop index "alert_location_id_index";`);
    this.addSql(`alter table "alert" drop column "location_id";`);

    this.addSql(`drop index "product_stock_reorder_index";`);
    this.addSql(`drop index "product_stock_reorder_all_index";`);
  }

}
