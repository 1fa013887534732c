import { Migration } from '@mikro-orm/migrations';

/**
 * Documents by location (issue #32): sales orders ship from a location, purchase orders are
 * delivered into one, customer returns take goods back into one. Every existing document gets the
 * default location ("Main store"), where all stock was put by the migration before; a return
 * takes its order's.
 */
export class Migration20261127155901 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table "sales_order" add column "location_id" int null;`);
    this.addSql(`update "sales_order" set "location_id" = (select id from location where is_default);`);
    this.addSql(`alter table "sales_order" alter column "location_id" set not null;`);
    this.addSql(`alter table "sales_order" add constraint "sales_order_location_id_foreign" foreign key ("location_id") references "location" ("id") on update cascade on delete no action;`);
    this.addSql(`create index "sales_order_location_id_index" on "sales_order" ("location_id");`);

    this.addSql(`alter table "purchase_order" add column "location_id" int null;`);
    this.addSql(`update "purchase_order" set "location_id" = (select id from location where is_default);`);
    this.addSql(`alter table "purchase_order" alter column "location_id" set not null;`);
    this.addSql(`alter table "purchase_order" add constraint "purchase_order_location_id_foreign" foreign key ("location_id") references "location" ("id") on update cascade on delete no action;`);
    this.addSql(`create index "purchase_order_location_id_index" on "purchase_order" ("location_id");`);

    this.addSql(`alter table "customer_return" add column "location_id" int null;`);
    this.addSql(`update "customer_return" r set "location_id" = o.location_id from sales_order o where o.id = r.order_id;`);
    this.addSql(`alter table "customer_return" alter column "location_id" set not null;`);
    this.addSql(`alter table "customer_return" add constraint "customer_return_location_id_foreign" foreign key ("location_id") references "location" ("id") on update cascade on delete no action;`);
    this.addSql(`create index "customer_return_location_id_index" on "customer_return" ("location_id");`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "customer_return" drop column "location_id";`);
    this.addSql(`alter table "purchase_order" drop column "location_id";`);
    this.addSql(`alter table "sales_order" drop column "location_id";`);
  }

}
